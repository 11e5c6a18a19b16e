"use strict";
/**
 * Draws the add-in's icons (a rising bar chart on a rounded teal tile) and writes them as PNG with
 * Node's zlib only: `node scripts/build-helpers/icons.js` regenerates assets/icon-{16,32,80}.png.
 */
const fs = require("fs");
const path = require("path");
const zlib = require("zlib");

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
/** rgba: Uint8Array of size*size*4 → PNG bytes (8-bit RGBA, no interlace). */
function encodePng(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, y * size * 4, size * 4).copy(raw, y * (size * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const TILE = [0x0f, 0x6e, 0x6e];
const BAR = [0xff, 0xff, 0xff];

/** Colour at a point of the unit square (0..1), or null for transparent. */
function shade(x, y) {
  const r = 0.18; // corner radius
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return null;
  const bars = [
    [0.2, 0.36, 0.58],
    [0.42, 0.58, 0.4],
    [0.64, 0.8, 0.22],
  ];
  for (const [x0, x1, top] of bars) if (x >= x0 && x < x1 && y >= top && y < 0.8) return BAR;
  return TILE;
}

function drawIcon(size) {
  const ss = 4; // supersampling per axis
  const px = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const c = shade((x + (sx + 0.5) / ss) / size, (y + (sy + 0.5) / ss) / size);
          if (!c) continue;
          r += c[0]; g += c[1]; b += c[2]; a += 1;
        }
      }
      const i = (y * size + x) * 4;
      if (a) {
        px[i] = Math.round(r / a);
        px[i + 1] = Math.round(g / a);
        px[i + 2] = Math.round(b / a);
        px[i + 3] = Math.round((255 * a) / (ss * ss));
      }
    }
  }
  return encodePng(size, px);
}

const SIZES = [16, 32, 80];

function writeIcons(dir) {
  fs.mkdirSync(dir, { recursive: true });
  for (const s of SIZES) fs.writeFileSync(path.join(dir, `icon-${s}.png`), drawIcon(s));
}

if (require.main === module) writeIcons(path.join(__dirname, "..", "..", "assets"));

module.exports = { encodePng, drawIcon, writeIcons, SIZES };
