/**
 * Generates the demo images the seed copies into DATA_DIR/media/seed/: soft gradient artwork written as
 * PNG with a tiny encoder (node:zlib only). Run from apps/server: `node seed-assets/generate.ts`.
 * The output is committed, so this only needs to run when the artwork changes; then run `node seed-assets/variants.ts`
 * for their display-width variants (decision 0017).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

type RGB = [number, number, number];
type Glow = { x: number; y: number; r: number; color: RGB; strength: number };
type Art = {
  file: string;
  width: number;
  height: number;
  from: RGB;
  to: RGB;
  angle: number;
  glows: Glow[];
  rings?: boolean;
  waves?: RGB;
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** 8-bit RGB PNG; each row uses the filter with the smallest sum of absolute values (the usual heuristic). */
function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const stride = width * 3;
  const out = Buffer.alloc((stride + 1) * height);
  const candidate = Buffer.alloc(stride);
  const best = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const row = rgb.subarray(y * stride, (y + 1) * stride);
    const prev = y > 0 ? rgb.subarray((y - 1) * stride, y * stride) : new Uint8Array(stride);
    let bestScore = Infinity;
    let bestType = 0;
    for (let type = 0; type < 5; type++) {
      let score = 0;
      for (let i = 0; i < stride; i++) {
        const a = i >= 3 ? row[i - 3]! : 0;
        const b = prev[i]!;
        const c = i >= 3 ? prev[i - 3]! : 0;
        let pred = 0;
        if (type === 1) pred = a;
        else if (type === 2) pred = b;
        else if (type === 3) pred = (a + b) >> 1;
        else if (type === 4) {
          const p = a + b - c;
          const pa = Math.abs(p - a);
          const pb = Math.abs(p - b);
          const pc = Math.abs(p - c);
          pred = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
        }
        const v = (row[i]! - pred) & 0xff;
        candidate[i] = v;
        score += v < 128 ? v : 256 - v;
      }
      if (score < bestScore) {
        bestScore = score;
        bestType = type;
        candidate.copy(best);
      }
    }
    out[y * (stride + 1)] = bestType;
    best.copy(out, y * (stride + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(out, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const smooth = (t: number) => (t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t));

function render(art: Art): Buffer {
  const { width: w, height: h } = art;
  const px = new Uint8Array(w * h * 3);
  const cos = Math.cos(art.angle);
  const sin = Math.sin(art.angle);
  const span = Math.abs(w * cos) + Math.abs(h * sin);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const t = smooth(((x - w / 2) * cos + (y - h / 2) * sin) / span + 0.5);
      let r = art.from[0] + (art.to[0] - art.from[0]) * t;
      let g = art.from[1] + (art.to[1] - art.from[1]) * t;
      let b = art.from[2] + (art.to[2] - art.from[2]) * t;
      for (const glow of art.glows) {
        const d = Math.hypot(x - glow.x * w, y - glow.y * h) / (glow.r * h);
        const a = glow.strength * (1 - smooth(d));
        if (a > 0) {
          r += (glow.color[0] - r) * a;
          g += (glow.color[1] - g) * a;
          b += (glow.color[2] - b) * a;
        }
        if (art.rings) {
          const ring = Math.abs(d - 0.72);
          const ra = 0.22 * (1 - smooth(ring / 0.015));
          if (ra > 0) {
            r += (255 - r) * ra;
            g += (255 - g) * ra;
            b += (255 - b) * ra;
          }
        }
      }
      if (art.waves) {
        const crest = h * (0.72 + 0.08 * Math.sin((x / w) * Math.PI * 2.2 + 0.6));
        const crest2 = h * (0.84 + 0.06 * Math.sin((x / w) * Math.PI * 3.1 + 2.1));
        const a1 = 0.35 * smooth((y - crest) / 6);
        const a2 = 0.3 * smooth((y - crest2) / 6);
        for (const a of [a1, a2]) {
          r += (art.waves[0] - r) * a;
          g += (art.waves[1] - g) * a;
          b += (art.waves[2] - b) * a;
        }
      }
      const i = (y * w + x) * 3;
      px[i] = Math.round(Math.min(255, Math.max(0, r)));
      px[i + 1] = Math.round(Math.min(255, Math.max(0, g)));
      px[i + 2] = Math.round(Math.min(255, Math.max(0, b)));
    }
  }
  return encodePng(w, h, px);
}

const WHITE: RGB = [255, 255, 255];
const ART: Art[] = [
  {
    file: 'banner-quests.png',
    width: 1200,
    height: 500,
    from: [76, 29, 149],
    to: [37, 99, 235],
    angle: 0.35,
    rings: true,
    glows: [
      { x: 0.78, y: 0.3, r: 0.55, color: [244, 114, 182], strength: 0.55 },
      { x: 0.92, y: 0.85, r: 0.35, color: [253, 224, 71], strength: 0.35 },
      { x: 0.12, y: 0.9, r: 0.4, color: WHITE, strength: 0.12 },
    ],
  },
  {
    file: 'banner-perks.png',
    width: 1200,
    height: 500,
    from: [234, 88, 12],
    to: [219, 39, 119],
    angle: -0.4,
    glows: [
      { x: 0.8, y: 0.45, r: 0.6, color: [254, 240, 138], strength: 0.5 },
      { x: 0.62, y: 0.12, r: 0.25, color: WHITE, strength: 0.35 },
      { x: 0.95, y: 0.9, r: 0.3, color: [190, 24, 93], strength: 0.4 },
    ],
  },
  {
    file: 'banner-community.png',
    width: 1200,
    height: 500,
    from: [13, 148, 136],
    to: [30, 64, 175],
    angle: 0.15,
    waves: [224, 242, 254],
    glows: [
      { x: 0.82, y: 0.28, r: 0.42, color: [167, 243, 208], strength: 0.45 },
      { x: 0.25, y: 0.2, r: 0.25, color: WHITE, strength: 0.15 },
    ],
  },
  {
    file: 'cover-telegram.png',
    width: 800,
    height: 450,
    from: [14, 165, 233],
    to: [59, 130, 246],
    angle: 0.8,
    rings: true,
    glows: [{ x: 0.7, y: 0.4, r: 0.5, color: WHITE, strength: 0.35 }],
  },
  {
    file: 'cover-social.png',
    width: 800,
    height: 450,
    from: [192, 38, 211],
    to: [249, 115, 22],
    angle: 0.5,
    glows: [
      { x: 0.3, y: 0.35, r: 0.45, color: [253, 186, 116], strength: 0.45 },
      { x: 0.85, y: 0.8, r: 0.35, color: WHITE, strength: 0.2 },
    ],
  },
  {
    file: 'cover-video.png',
    width: 800,
    height: 450,
    from: [220, 38, 38],
    to: [30, 27, 75],
    angle: 1.1,
    rings: true,
    glows: [{ x: 0.5, y: 0.5, r: 0.45, color: [252, 165, 165], strength: 0.4 }],
  },
  {
    file: 'cover-event.png',
    width: 800,
    height: 450,
    from: [17, 24, 39],
    to: [79, 70, 229],
    angle: -0.6,
    glows: [
      { x: 0.2, y: 0.25, r: 0.3, color: [250, 204, 21], strength: 0.5 },
      { x: 0.75, y: 0.35, r: 0.35, color: [244, 114, 182], strength: 0.45 },
      { x: 0.55, y: 0.85, r: 0.3, color: [45, 212, 191], strength: 0.4 },
    ],
  },
  {
    file: 'cover-rewards.png',
    width: 800,
    height: 450,
    from: [5, 150, 105],
    to: [202, 138, 4],
    angle: 0.3,
    waves: [254, 249, 195],
    glows: [{ x: 0.75, y: 0.3, r: 0.4, color: WHITE, strength: 0.3 }],
  },
];

for (const art of ART) {
  const png = render(art);
  writeFileSync(path.join(import.meta.dirname, art.file), png);
  console.info(`${art.file}: ${art.width}x${art.height}, ${(png.length / 1024).toFixed(1)} KB`);
}
