import pLimit from 'p-limit';
import sharp from 'sharp';
import { DonationMessages, DonationRules, ErrorCodes } from '@hdiya/contracts';
import { ApiException } from '../errors/api-exception.js';

/**
 * Formats accepted by content (whatever the file name or declared type says): what phones and
 * browsers send. Every other decoder (GIF, TIFF, AVIF/HEIF, SVG, which can carry scripts…) is
 * attack surface a photo of a chair does not need.
 */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Refuse decompression bombs before decoding them: 24 megapixels is more than any phone photo needs. */
export const MAX_INPUT_PIXELS = DonationRules.maxImageMegapixels * 1_000_000;
/** Decoding is CPU- and memory-heavy: at most two images at a time per process, the rest wait. */
const decoding = pLimit(2);
// Every upload is a different image: libvips' operation cache would only hold memory.
sharp.cache(false);

export interface ProcessedImage {
  image: Buffer;
  thumbnail: Buffer;
  contentType: 'image/webp';
}

export function imageTooLarge(field = 'imageUrl'): ApiException {
  return new ApiException(413, ErrorCodes.IMAGE_TOO_LARGE, DonationMessages.imageTooLarge, field);
}

function notAnImage(field: string): ApiException {
  return new ApiException(400, ErrorCodes.IMAGE_INVALID, DonationMessages.imageInvalid, field);
}

/** A real photo, only too big in pixels: said as such, not as "not an image". */
function tooManyPixels(field: string): ApiException {
  return new ApiException(413, ErrorCodes.IMAGE_TOO_MANY_PIXELS, DonationMessages.imagePixels, field);
}

// libvips' words when `limitInputPixels` refuses an image (its header is read, no pixel decoded).
const PIXEL_LIMIT = /pixel limit/i;

/**
 * The two sizes stored (never enlarged: a small upload stays its own size in both).
 * - The display photo, uncropped: the largest place shown is the detail page's photo column,
 *   about 640 CSS px wide at most, so 1280 px serves it sharp on 2x screens (and phones, whose
 *   full-width 390 px at 3x need 1170).
 * - The card thumbnail, cropped to the cards' 4:3: a card is at most about 390 CSS px wide, so
 *   480×360 serves 1x screens; 2x ones take the display photo (the cards' `srcset`).
 * The web app's `photoSrcSet` and `sizes` attributes state these widths.
 */
export const PhotoSizes = {
  displayMax: 1280,
  /** The middle size (`mediumOf`): a phone's full-width photo, or a card, at 2x. */
  medium: 800,
  thumbnail: { width: 480, height: 360 },
} as const;

/**
 * Checks that the bytes really are an image, then re-encodes them: orientation applied, every
 * metadata block (EXIF, GPS, XMP, ICC) dropped, the display photo and the card thumbnail.
 */
export function processImage(input: Buffer, field = 'imageUrl'): Promise<ProcessedImage> {
  if (input.length > DonationRules.maxImageBytes) return Promise.reject(imageTooLarge(field));
  return decoding(() => reencode(input, field));
}

async function reencode(input: Buffer, field: string): Promise<ProcessedImage> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true, failOn: 'error' as const, animated: false };
  let format: string | undefined;
  try {
    format = (await sharp(input, options).metadata()).format;
  } catch (error) {
    throw PIXEL_LIMIT.test((error as Error).message) ? tooManyPixels(field) : notAnImage(field);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notAnImage(field);
  try {
    // Decoded once (the header read above decodes no pixels): oriented and bounded to raw pixels,
    // which both the photo and its thumbnail are encoded from.
    const { data, info } = await sharp(input, options)
      .rotate()
      .resize({ width: PhotoSizes.displayMax, height: PhotoSizes.displayMax, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const [image, thumbnail] = await Promise.all([
      sharp(data, raw).webp({ quality: 80 }).toBuffer(),
      sharp(data, raw).resize({ ...PhotoSizes.thumbnail, fit: 'cover', withoutEnlargement: true }).webp({ quality: 72 }).toBuffer(),
    ]);
    return { image, thumbnail, contentType: 'image/webp' };
  } catch {
    throw notAnImage(field);
  }
}

/** The middle size from the stored display photo (at upload, or on first request for an older one). */
export function mediumOf(display: Buffer): Promise<Buffer> {
  return decoding(() => sharp(display, { failOn: 'error' }).resize({ width: PhotoSizes.medium, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer());
}

const DATA_URL = /^data:([a-z0-9.+/-]*)(;[a-z0-9=.+-]*)*;base64,/i;

/** The bytes of a `data:…;base64,` URL, refusing oversized ones before decoding. */
export function decodeDataUrl(value: string, field = 'imageUrl'): Buffer {
  const header = DATA_URL.exec(value);
  if (!header) throw notAnImage(field);
  const base64 = value.slice(header[0].length);
  if (Math.floor((base64.length * 3) / 4) > DonationRules.maxImageBytes + 3) throw imageTooLarge(field);
  return Buffer.from(base64, 'base64');
}
