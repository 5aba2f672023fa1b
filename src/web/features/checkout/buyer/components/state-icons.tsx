/** Icons of the lazy screens: sold out, an order still unpaid (see icons.tsx). */
import { type IconProps, Svg } from './icons'

export const HourglassIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M5 22h14" />
    <path d="M5 2h14" />
    <path d="M17 22v-4.172a2 2 0 0 0-.586-1.414L12 12l-4.414 4.414A2 2 0 0 0 7 17.828V22" />
    <path d="M7 2v4.172a2 2 0 0 0 .586 1.414L12 12l4.414-4.414A2 2 0 0 0 17 6.172V2" />
  </Svg>
)
export const BoxOffIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 22V12" />
    <path d="m16.5 14.5 5 5" />
    <path d="m16.5 19.5 5-5" />
    <path d="M21 10.5V8a2 2 0 0 0-1-1.73l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.729l7 4a2 2 0 0 0 2 .001l.13-.074" />
    <path d="M3.29 7 12 12l8.71-5" />
    <path d="m7.5 4.27 8.997 5.148" />
  </Svg>
)
