// png.mjs — decodes the PNGs Chromium's screenshots produce (8-bit RGB/RGBA, not interlaced) and measures
// how much an image varies, so a test can tell a drawn page from a blank canvas without pixel-hunting.
import { inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function paeth(a, b, c) {
  const p = a + b - c;
  const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

// Returns { width, height, rgba: Uint8Array } (RGB input gets alpha 255).
export function decodePng(buffer) {
  if (!buffer.subarray(0, 8).equals(SIGNATURE)) throw new Error('png: not a PNG file');
  let offset = 8, width = 0, height = 0, bitDepth = 0, colorType = 0, interlace = 0;
  const idat = [];
  while (offset < buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('ascii', offset + 4, offset + 8);
    const data = buffer.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0); height = data.readUInt32BE(4);
      bitDepth = data[8]; colorType = data[9]; interlace = data[12];
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'IEND') {
      break;
    }
    offset += 12 + length;
  }
  const channels = { 2: 3, 6: 4 }[colorType];
  if (bitDepth !== 8 || !channels || interlace !== 0) {
    throw new Error(`png: unsupported format (depth ${bitDepth}, colour type ${colorType}, interlace ${interlace})`);
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const src = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const row = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[row + x - channels] : 0;
      const b = y > 0 ? pixels[row - stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[row - stride + x - channels] : 0;
      let v = src[x];
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) v += paeth(a, b, c);
      else if (filter !== 0) throw new Error(`png: bad filter ${filter} in row ${y}`);
      pixels[row + x] = v & 0xff;
    }
  }
  if (channels === 4) return { width, height, rgba: pixels };
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0, j = 0; i < pixels.length; i += 3, j += 4) {
    rgba[j] = pixels[i]; rgba[j + 1] = pixels[i + 1]; rgba[j + 2] = pixels[i + 2]; rgba[j + 3] = 255;
  }
  return { width, height, rgba };
}

// Luma variance over all pixels and the share of pixels that differ from the most common colour.
// A drawn ImGui page has text, frames and widgets: variance in the hundreds and well over 1 % of
// pixels off the background. A blank or single-colour canvas has both at 0.
export function imageStats({ width, height, rgba }) {
  const n = width * height;
  let sum = 0, sumSq = 0;
  for (let i = 0; i < n; i++) {
    const luma = 0.299 * rgba[i * 4] + 0.587 * rgba[i * 4 + 1] + 0.114 * rgba[i * 4 + 2];
    sum += luma; sumSq += luma * luma;
  }
  const mean = sum / n;
  const { counts, background } = colourCounts({ width, height, rgba });
  return { variance: sumSq / n - mean * mean, offBackground: 1 - counts.get(background) / n, colours: counts.size };
}

// Pixels per RGB colour (0xRRGGBB), and the most common one: the background.
function colourCounts({ width, height, rgba }) {
  const counts = new Map();
  for (let i = 0; i < width * height; i++) {
    const key = (rgba[i * 4] << 16) | (rgba[i * 4 + 1] << 8) | rgba[i * 4 + 2];
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  let background = 0, most = 0;
  for (const [key, c] of counts) if (c > most) { most = c; background = key; }
  return { counts, background };
}

// The share of pixels nearer the image's farthest colour from the background than to the background ("ink"). Text is
// a thin share of its box (tests/browser/test_render.mjs: 12.7–17.9 %); glyphs drawn as solid boxes are far more.
export function inkShare({ width, height, rgba }) {
  const n = width * height;
  const { background: bg } = colourCounts({ width, height, rgba });
  const distance = (i) => Math.abs(rgba[i * 4] - (bg >> 16)) + Math.abs(rgba[i * 4 + 1] - ((bg >> 8) & 255)) +
                          Math.abs(rgba[i * 4 + 2] - (bg & 255));
  let far = 0;
  for (let i = 0; i < n; i++) far = Math.max(far, distance(i));
  let ink = 0;
  for (let i = 0; i < n; i++) if (distance(i) > far / 2) ink++;
  return ink / n;
}

// The threshold the tests use; tests/browser/test_render.mjs checks that a blank canvas fails it.
export function looksDrawn(stats) {
  return stats.variance > 50 && stats.offBackground > 0.01 && stats.colours > 16;
}
