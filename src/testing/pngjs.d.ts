// pngjs (qrcode's PNG encoder) ships no types: the part the tests use to read a PNG back into RGBA pixels.
declare module 'pngjs' {
  export const PNG: { sync: { read(png: Buffer): { width: number; height: number; data: Buffer } } }
}
