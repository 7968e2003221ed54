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

  it('should keep no decoded images in the process once done (no libvips cache)', () => {
    expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, items: { max: 0 } });
  });
});
