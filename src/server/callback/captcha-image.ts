import { crc32, deflateSync } from 'node:zlib';

/**
 * The captcha picture: 4 digits drawn as strokes with per-digit rotation, shear and scale, a wave
 * through the whole image, jittered stroke points, crossing lines and speckles, rasterised here
 * and sent as a PNG. No text and no vector data leave the server, so a script reading the markup
 * or the response gets pixels only; a person reads the digits easily.
 */

export const WIDTH = 200;
export const HEIGHT = 70;

type Point = [number, number];

/** Points of an elliptic arc on the 10×16 digit grid; angles in degrees, y pointing down. */
function arc(cx: number, cy: number, rx: number, ry: number, from: number, to: number): Point[] {
  const out: Point[] = [];
  const n = Math.max(6, Math.round(Math.abs(to - from) / 15));
  for (let i = 0; i <= n; i++) {
    const a = ((from + ((to - from) * i) / n) * Math.PI) / 180;
    out.push([cx + rx * Math.cos(a), cy + ry * Math.sin(a)]);
  }
  return out;
}

const SIX: Point[][] = [[[8.5, 1.2], [6, 0], [3.5, 0.8], [1.8, 3.5], [1, 7.5], ...arc(5, 11.5, 4, 4.5, 180, 540)]];

/** Each digit as the polylines a hand draws, on a 10 wide, 16 high grid. */
const GLYPHS: Point[][][] = [
  [arc(5, 8, 4.2, 7.6, 0, 360)],
  [
    [
      [2.5, 3],
      [6, 0],
      [6, 16],
    ],
    [
      [2.5, 16],
      [9.5, 16],
    ],
  ],
  [[...arc(5, 4.5, 4, 4.5, 180, 400), [1, 16], [10, 16]]],
  [[...arc(5, 4, 3.8, 4, 200, 450), ...arc(5, 12, 4.3, 4, 270, 520)]],
  [
    [
      [7, 16],
      [7, 0],
      [0, 11],
      [10, 11],
    ],
  ],
  [[[9, 0], [2, 0], [1.5, 7.2], ...arc(5, 11, 4, 5, 235, 510)]],
  SIX,
  [
    [
      [0.5, 0],
      [9.5, 0],
      [3.5, 16],
    ],
  ],
  [[...arc(5, 4, 3.5, 4, 90, 450), ...arc(5, 12, 4.3, 4, 270, 630)]],
  SIX.map((line) => line.map(([x, y]): Point => [10 - x, 16 - y])),
];

/** mulberry32: a small seeded generator, so one key always draws the same picture. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Color = [number, number, number];

/** Renders `digits` (e.g. "4071") and returns the PNG file. */
export function captchaPng(digits: string, seed: number): Buffer {
  const rnd = random(seed);
  const between = (a: number, b: number) => a + (b - a) * rnd();
  const px = new Float32Array(WIDTH * HEIGHT * 3);

  // Light background with grain.
  const bg: Color = [between(232, 250), between(232, 250), between(232, 250)];
  for (let i = 0; i < WIDTH * HEIGHT; i++) {
    const g = between(-14, 14);
    for (let c = 0; c < 3; c++) px[i * 3 + c] = bg[c]! + g;
  }

  /** A round brush of radius `r` at (x, y), anti-aliased at its edge. */
  const dab = (x: number, y: number, r: number, color: Color) => {
    const reach = (r + 0.5) * (r + 0.5);
    const [cr, cg, cb] = color;
    for (let j = Math.max(0, Math.floor(y - r - 1)), j1 = Math.min(HEIGHT - 1, y + r + 1); j <= j1; j++) {
      const dy = j + 0.5 - y;
      for (let i = Math.max(0, Math.floor(x - r - 1)), i1 = Math.min(WIDTH - 1, x + r + 1); i <= i1; i++) {
        const dx = i + 0.5 - x;
        const d2 = dx * dx + dy * dy;
        if (d2 >= reach) continue;
        const cover = Math.min(1, r + 0.5 - Math.sqrt(d2));
        const k = (j * WIDTH + i) * 3;
        px[k] = px[k]! + (cr - px[k]!) * cover;
        px[k + 1] = px[k + 1]! + (cg - px[k + 1]!) * cover;
        px[k + 2] = px[k + 2]! + (cb - px[k + 2]!) * cover;
      }
    }
  };
  const stroke = (points: Point[], r: number, color: Color) => {
    for (let p = 1; p < points.length; p++) {
      const [x0, y0] = points[p - 1]!;
      const [x1, y1] = points[p]!;
      const steps = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) * 2));
      for (let s = 0; s <= steps; s++) dab(x0 + ((x1 - x0) * s) / steps, y0 + ((y1 - y0) * s) / steps, r, color);
    }
  };
  const dark = (): Color => [between(10, 95), between(10, 95), between(10, 95)];
  const wave = (): Point[] => {
    const y0 = between(15, HEIGHT - 15);
    const amp = between(6, 16);
    const len = between(30, 70);
    const ph = between(0, 6.3);
    const pts: Point[] = [];
    for (let x = -4; x <= WIDTH + 4; x += 4) pts.push([x, y0 + amp * Math.sin(x / len + ph)]);
    return pts;
  };

  for (let n = 0; n < 2; n++) stroke(wave(), between(0.7, 1.2), dark());

  // The whole picture bends along one wave: letters stop sitting on a straight line.
  const wx = between(0, 6.3);
  const wy = between(0, 6.3);
  const bend = ([x, y]: Point): Point => [x + 2 * Math.sin(y / 9 + wx), y + 3 * Math.sin(x / 22 + wy)];
  const slot = WIDTH / digits.length;
  for (let d = 0; d < digits.length; d++) {
    const glyph = GLYPHS[+digits[d]!]!;
    const scale = between(2.1, 2.5);
    const rot = between(-0.35, 0.35);
    const shear = between(-0.3, 0.3);
    const cx = slot * (d + 0.5) + between(-5, 5);
    const cy = HEIGHT / 2 + between(-3, 3);
    const color = dark();
    const r = between(1.7, 2.4);
    for (const line of glyph) {
      const pts = line.map(([gx, gy]): Point => {
        const x = (gx - 5 + between(-0.3, 0.3)) * scale;
        const y = (gy - 8 + between(-0.3, 0.3)) * scale;
        const xs = x + shear * y;
        return bend([cx + xs * Math.cos(rot) - y * Math.sin(rot), cy + xs * Math.sin(rot) + y * Math.cos(rot)]);
      });
      stroke(pts, r, color);
    }
  }

  stroke(wave(), between(0.8, 1.3), dark());
  for (let n = 0; n < 160; n++) {
    const light = rnd() < 0.5;
    dab(between(0, WIDTH), between(0, HEIGHT), between(0.4, 1.2), light ? bg : dark());
  }

  return encodePng(px);
}

/** An 8-bit RGB PNG of the pixel buffer: filter 0 on every row, one deflated IDAT. */
function encodePng(px: Float32Array): Buffer {
  const raw = Buffer.alloc((WIDTH * 3 + 1) * HEIGHT);
  for (let y = 0; y < HEIGHT; y++) {
    const row = y * (WIDTH * 3 + 1);
    for (let i = 0; i < WIDTH * 3; i++) raw[row + 1 + i] = Math.max(0, Math.min(255, Math.round(px[y * WIDTH * 3 + i]!)));
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(WIDTH, 0);
  ihdr.writeUInt32BE(HEIGHT, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, RGB, deflate, no filter method variants, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
