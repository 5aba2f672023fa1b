// The module contract is the platform's (app.ts composes modules through it); kept here for the modules' imports.
export type { AppModule, DemoSeedContext } from '../platform/module'
