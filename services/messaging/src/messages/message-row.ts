import { chatPhotoUrlOf, type MessageView } from '@hdiya/contracts';
import { db } from '../database/db.js';
import { memberViewOf } from '../members/member-view.js';
import type { RowOf } from '@hdiya/platform';

/**
 * A message's columns with its sender's, receiver's and donation's, from `msg` joined to the
 * directory as `s`, `r` and `d`: every messaging answer shows a message so (`selectMessages`, and
 * the send's own statement, whose `msg` is the row it just inserted).
 */
export const MESSAGE_COLUMNS = [
  'msg.id',
  'msg.content',
  'msg.sender_id',
  'msg.receiver_id',
  'msg.donation_id',
  'msg.client_id',
  'msg.read_at',
  'msg.created_at',
  'msg.photo_key',
  'msg.photo_thumbnail_key',
  's.username as s_username',
  's.first_name as s_first_name',
  's.last_name as s_last_name',
  's.profile_image_url as s_profile_image_url',
  'r.username as r_username',
  'r.first_name as r_first_name',
  'r.last_name as r_last_name',
  'r.profile_image_url as r_profile_image_url',
  'd.title as donation_title',
] as const;

/** A message with its sender, receiver and donation, as every messaging answer shows it; callers add the WHERE. */
export const selectMessages = () =>
  db
    .selectFrom('messages as msg')
    .leftJoin('members as s', 's.user_id', 'msg.sender_id')
    .leftJoin('members as r', 'r.user_id', 'msg.receiver_id')
    .leftJoin('donations as d', 'd.donation_id', 'msg.donation_id')
    .select(MESSAGE_COLUMNS);

export type MessageRow = RowOf<ReturnType<typeof selectMessages>>;

export function messageViewOf(row: MessageRow): MessageView {
  return {
    id: row.id,
    content: row.content,
    senderId: row.sender_id,
    receiverId: row.receiver_id,
    donationId: row.donation_id,
    read: row.read_at !== null,
    createdAt: row.created_at.toISOString(),
    clientId: row.client_id,
    sender: memberViewOf(row.sender_id, {
      username: row.s_username,
      first_name: row.s_first_name,
      last_name: row.s_last_name,
      profile_image_url: row.s_profile_image_url,
    }),
    receiver: memberViewOf(row.receiver_id, {
      username: row.r_username,
      first_name: row.r_first_name,
      last_name: row.r_last_name,
      profile_image_url: row.r_profile_image_url,
    }),
    donation: row.donation_id === null ? null : { id: row.donation_id, title: row.donation_title ?? '' },
    photo: row.photo_key === null || row.photo_thumbnail_key === null ? null : { url: chatPhotoUrlOf(row.photo_key), thumbnailUrl: chatPhotoUrlOf(row.photo_thumbnail_key) },
  };
}
