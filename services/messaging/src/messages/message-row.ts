import type { MessageView } from '@hdiya/contracts';
import { SCHEMA } from '../config.js';
import { memberColumns, memberViewOf } from '../members/member-view.js';

/** A message with its sender, receiver and donation, as every messaging answer shows it. */
export const MESSAGE_SELECT = `SELECT msg."id", msg."content", msg."sender_id", msg."receiver_id", msg."donation_id", msg."client_id",
    msg."read_at", msg."created_at", ${memberColumns('s', 's_')}, ${memberColumns('r', 'r_')}, d."title" AS "donation_title"
  FROM "${SCHEMA}"."messages" msg
  LEFT JOIN "${SCHEMA}"."members" s ON s."user_id" = msg."sender_id"
  LEFT JOIN "${SCHEMA}"."members" r ON r."user_id" = msg."receiver_id"
  LEFT JOIN "${SCHEMA}"."donations" d ON d."donation_id" = msg."donation_id"`;

export interface MessageRow extends Record<string, unknown> {
  id: string;
  content: string;
  sender_id: string;
  receiver_id: string;
  donation_id: number | null;
  client_id: string | null;
  read_at: Date | null;
  created_at: Date;
  donation_title: string | null;
}

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
    sender: memberViewOf(row.sender_id, row, 's_'),
    receiver: memberViewOf(row.receiver_id, row, 'r_'),
    donation: row.donation_id === null ? null : { id: row.donation_id, title: row.donation_title ?? '' },
  };
}
