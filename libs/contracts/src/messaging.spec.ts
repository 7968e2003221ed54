import { badgeText, CHAT_PHOTO_KEY, CHAT_PHOTO_THUMBNAIL_KEY, chatPhotoUrlOf } from './messaging.js';
import { SendPhotoMessageSchema } from './schemas/messaging.js';
import { validatePayload } from './validation/validate.js';

describe('header badges', () => {
  it('should show nothing at zero, the count up to 9, then 9+', () => {
    expect([0, 1, 9, 10, 250].map(badgeText)).toEqual(['', '1', '9', '9+', '9+']);
  });
});

describe('photos in chat', () => {
  const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

  it('should serve a chat photo from the private route, never the donation photos one', () => {
    expect(chatPhotoUrlOf(`chats/${id}.webp`)).toBe(`/api/messages/photos/${id}.webp`);
    expect(chatPhotoUrlOf(`chats/${id}-thumb.webp`)).toBe(`/api/messages/photos/${id}-thumb.webp`);
    expect([CHAT_PHOTO_KEY.test(`chats/${id}.webp`), CHAT_PHOTO_KEY.test(`donations/${id}.webp`), CHAT_PHOTO_KEY.test(`chats/${id}-thumb.webp`)]).toEqual([true, false, false]);
    expect(CHAT_PHOTO_THUMBNAIL_KEY.test(`chats/${id}-thumb.webp`)).toBe(true);
  });

  it('should take a photo without a caption, and refuse a caption longer than a message', () => {
    const receiverId = id;
    expect(validatePayload(SendPhotoMessageSchema, { receiverId })).toMatchObject({ ok: true, value: { content: '', receiverId } });
    expect(validatePayload(SendPhotoMessageSchema, { receiverId, content: '  Voilà  ', donationId: '12' })).toMatchObject({ ok: true, value: { content: 'Voilà', donationId: 12 } });
    expect(validatePayload(SendPhotoMessageSchema, { receiverId, content: 'x'.repeat(2001) })).toMatchObject({
      ok: false,
      failure: { field: 'content', message: 'Le message ne doit pas dépasser 2000 caractères.' },
    });
  });
});
