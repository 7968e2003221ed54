import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { UploadedImageView } from '@hdiya/contracts';


/**
 * POST /api/uploads/images (multipart, field `image`) → 201 with the URLs to put in a donation.
 * The server checks the type by content, re-encodes it and strips EXIF/GPS data.
 */
export function uploadImage(file: File): Promise<UploadedImageView> {
  const form = new FormData();
  form.append('image', file);
  return call('POST /api/uploads/images', { body: form });
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
