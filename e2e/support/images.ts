import sharp from 'sharp';

/** A JPEG carrying camera and GPS EXIF data, as a phone would take it. */
export function jpegWithGps(width = 1200, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2e86de' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '33/1 35/1 1234/100', GPSLongitudeRef: 'W', GPSLongitude: '7/1 36/1 4321/100' },
    })
    .toBuffer();
}

/** Random pixels compress badly: a PNG of about `megabytes` MB. */
export function largePng(megabytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt((megabytes * 1024 * 1024) / 3));
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}

export const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;

export async function metadataOf(url: string) {
  const response = await fetch(url);
  return { response, metadata: await sharp(Buffer.from(await response.arrayBuffer())).metadata() };
}
