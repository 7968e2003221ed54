import sharp from 'sharp';
import { processImage } from './image-pipeline.js';

const picture = () => sharp({ create: { width: 800, height: 600, channels: 3, background: '#2e86de' } });
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#2e86de"/></svg>');

describe('photo pipeline', () => {
  it.each([
    ['JPEG', () => picture().jpeg().toBuffer()],
    ['PNG', () => picture().png().toBuffer()],
    ['WebP', () => picture().webp().toBuffer()],
  ])('should accept a %s photo and re-encode it with its thumbnail', async (_format, make) => {
    const { image, thumbnail, contentType } = await processImage(await make());
    expect(contentType).toBe('image/webp');
    expect(await sharp(image).metadata()).toMatchObject({ format: 'webp', width: 800, height: 600 });
    expect(await sharp(thumbnail).metadata()).toMatchObject({ format: 'webp', width: 480, height: 360 });
  });

  // Issue 21, item 2: photos looked blurry; the stored sizes are now those the web app states.
  it.each([
    ['a large photo, bounded to 1280 px', 4000, 3000, [1280, 960], [480, 360]],
    ['a portrait photo, bounded by its height', 1500, 2000, [960, 1280], [480, 360]],
    ['an 800×600 photo, kept whole', 800, 600, [800, 600], [480, 360]],
    ['a small photo, never enlarged', 320, 240, [320, 240], [320, 240]],
  ])('should store %s, and a card thumbnail', async (_what, width, height, display, thumb) => {
    const input = await sharp({ create: { width, height, channels: 3, background: '#2e86de' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '33/1 35/1 1234/100' } })
      .toBuffer();
    const { image, thumbnail } = await processImage(input);
    for (const [bytes, size] of [[image, display], [thumbnail, thumb]] as const) {
      const metadata = await sharp(bytes).metadata();
      expect([metadata.width, metadata.height]).toEqual(size);
      expect([metadata.exif, metadata.icc, metadata.xmp]).toEqual([undefined, undefined, undefined]);
    }
  });

  // Review finding: GIF, TIFF, AVIF/HEIF (and their decoders' attack surface) were accepted.
  it.each([
    ['GIF', () => picture().gif().toBuffer()],
    ['TIFF', () => picture().tiff().toBuffer()],
    ['SVG', () => Promise.resolve(SVG)],
  ])('should refuse a %s file with the French message', async (_format, make) => {
    await expect(processImage(await make(), 'image')).rejects.toMatchObject({
      response: { statusCode: 400, code: 'IMAGE_INVALID', field: 'image', message: "Le fichier n'est pas une image valide (JPEG, PNG ou WebP)." },
    });
  });

  // Issue: several photos per donation; a 50-megapixel photo said "not an image".
  it('should refuse a 50-megapixel photo with its own French message, before decoding it', async () => {
    const huge = await sharp({ create: { width: 8200, height: 6100, channels: 3, background: '#2e86de' } }).jpeg({ quality: 50 }).toBuffer();
    await expect(processImage(huge, 'photos')).rejects.toMatchObject({
      response: { statusCode: 413, code: 'IMAGE_TOO_MANY_PIXELS', field: 'photos', message: "L'image est trop grande : 24\u00a0mégapixels au maximum. Réduisez-la avant de l'envoyer." },
    });
  });

  it('should refuse a text file named .jpg as not an image', async () => {
    await expect(processImage(Buffer.from('Bonjour, ceci est un texte.\n'), 'photos')).rejects.toMatchObject({
      response: { statusCode: 400, code: 'IMAGE_INVALID', field: 'photos' },
    });
  });

  it('should keep no decoded images in the process once done (no libvips cache)', () => {
    expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, items: { max: 0 } });
  });
});
