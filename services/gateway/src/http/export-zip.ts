import { PassThrough } from 'node:stream';
import { once } from 'node:events';
import type { Archiver } from 'archiver';
import type { MemberExportPiece } from '@hdiya/contracts';

/** The exports are read by people: indented JSON. */
const json = (content: unknown) => `${JSON.stringify(content, null, 2)}\n`;

/** A JSON value indented as it would be one level down (an item of a list, a field of an object). */
const nested = (value: unknown) => JSON.stringify(value, null, 2).replace(/\n/g, '\n  ');

/**
 * Writes the pieces of a member's export into the ZIP as they arrive (MemberExportPiece): a whole
 * file at once; a list file opened on its first piece and written item by item into its entry's
 * stream, closed when a piece says no more follow. Waits whenever the ZIP (and so the member's
 * connection) is slower than the pages, so no more than a page is held. Photo keys are gathered
 * for the caller, who zips the photos after the files.
 */
export class ExportZip {
  readonly photoKeys: string[] = [];
  private open: { name: string; stream: PassThrough; items: number; field?: string } | null = null;

  /** `left`: settles when the member's connection closes (nothing drains any more). */
  constructor(
    private readonly zip: Archiver,
    private readonly left: Promise<void>,
  ) {}

  async add(pieces: MemberExportPiece[]): Promise<void> {
    for (const piece of pieces) {
      if ('photoKeys' in piece) {
        this.photoKeys.push(...piece.photoKeys);
        continue;
      }
      if ('content' in piece) {
        this.close();
        this.zip.append(json(piece.content), { name: piece.name });
        continue;
      }
      if (this.open?.name !== piece.name) {
        this.close();
        const stream = new PassThrough();
        this.zip.append(stream, { name: piece.name });
        this.open = { name: piece.name, stream, items: 0, field: piece.field };
        if (piece.field) {
          const head = Object.entries(piece.head ?? {}).map(([key, value]) => `  ${JSON.stringify(key)}: ${nested(value)},\n`);
          await this.write(`{\n${head.join('')}  ${JSON.stringify(piece.field)}: [`);
        } else {
          await this.write('[');
        }
      }
      const indent = this.open.field ? '    ' : '  ';
      for (const item of piece.items) {
        const text = JSON.stringify(item, null, 2).replace(/\n/g, `\n${indent}`);
        await this.write(`${this.open.items === 0 ? '' : ','}\n${indent}${text}`);
        this.open.items += 1;
      }
      if (!piece.more) this.close();
    }
  }

  /** Ends the list file being written, if any. */
  close(): void {
    if (!this.open) return;
    const { stream, items, field } = this.open;
    const end = items === 0 ? ']' : field ? '\n  ]' : '\n]';
    stream.end(field ? `${end}\n}\n` : `${end}\n`);
    this.open = null;
  }

  private async write(text: string): Promise<void> {
    if (!this.open!.stream.write(text)) await Promise.race([once(this.open!.stream, 'drain'), this.left]);
  }
}
