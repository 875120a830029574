// antd's Button style asks whether its solid colour is bright through the colour picker's presets module, and that
// module imports Collapse with its styles. The build points that one import here (vite.config.ts), which keeps
// Collapse out of the start-up bundle every page loads, the sign-in page included.

interface RgbaColor {
  toRgb(): { r: number; g: number; b: number; a: number };
}

/** The channels of a `#rgb` or `#rrggbb` colour; anything else counts as white (antd passes '#fff'). */
function hexChannels(color: string): [number, number, number] {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return [255, 255, 255];
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)) as [number, number, number];
}

/**
 * Bright by perceived luminance (ITU-R BT.601 weights) when mostly opaque; a translucent colour is laid over the
 * background first and is bright when its HSV value passes one half (so it reads on dark themes too).
 */
export function isBright(value: RgbaColor, background: string): boolean {
  const { r, g, b, a } = value.toRgb();
  if (a > 0.5) return r * 0.299 + g * 0.587 + b * 0.114 > 192;
  const [br, bg, bb] = hexChannels(background);
  const over = (channel: number, under: number) => Math.round(channel * a + under * (1 - a));
  return Math.max(over(r, br), over(g, bg), over(b, bb)) / 255 > 0.5;
}
