import { Controller, Get, Logger, Res, UseGuards } from '@nestjs/common';
import archiver from 'archiver';
import type { Response } from 'express';
import { Rpc, type MemberExportPage } from '@hdiya/contracts';
import { ImageStore } from '../images/image-store.js';
import { ServiceClient } from '../rpc/service-client.js';
import { RateLimits } from '../security/rate-limits.js';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { SignedInGuard } from '../session/signed-in.guard.js';
import { ExportZip } from './export-zip.js';

/** The services that hold part of a member's data, in the order their files are zipped (docs/api.md). */
const PARTS = [Rpc.users.exportMember, Rpc.donations.exportMember, Rpc.points.exportMember, Rpc.messaging.exportMember] as const;

/**
 * "Télécharger mes données" (issue 47; the right of access of law 09-08): a ZIP of one JSON file
 * per kind of data, each service answering for what it holds (docs/api.md#download-my-data), a
 * page per call so that no reply nears NATS's message size, and the photos of the member's
 * donations. Every service's first page is asked for before the first byte goes out, so a service
 * that does not answer gives a clean error; the ZIP is then streamed page by page as the pages
 * arrive, photos from storage, without holding the export in memory. A service that fails later
 * breaks the download off (the member sees it fail and may try again).
 */
@Controller('api')
@UseGuards(SignedInGuard)
export class MemberExportController {
  private readonly logger = new Logger('member-export');

  constructor(
    private readonly services: ServiceClient,
    private readonly store: ImageStore,
    private readonly limits: RateLimits,
  ) {}

  @Get('auth/user/export')
  async export(@CurrentUser() user: SessionUser, @Res() res: Response): Promise<void> {
    await this.limits.consumeExport(user.id);
    const userId = user.id;
    const firstPages: MemberExportPage[] = await Promise.all(PARTS.map((part) => this.services.call(part, { userId })));
    const day = new Date().toISOString().slice(0, 10);
    res.status(200);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="hdiya-mes-donnees-${day}.zip"`);
    res.setHeader('Cache-Control', 'no-store');

    const zip = archiver('zip', { zlib: { level: 6 } });
    zip.on('warning', (warning: Error) => this.logger.warn(`export of ${userId}: ${warning.message}`));
    zip.on('error', (error: Error) => {
      this.logger.error(`export of ${userId} broken off: ${error.message}`);
      res.destroy(error);
    });
    zip.pipe(res);
    // A member who leaves mid-download: stop reading pages and photos (res closes before it finishes).
    const left = new Promise<void>((resolve) => res.once('close', resolve));
    const files = new ExportZip(zip, left);
    try {
      for (const [i, part] of PARTS.entries()) {
        let page: MemberExportPage = firstPages[i]!;
        for (;;) {
          await files.add(page.pieces);
          if (page.next === null || res.destroyed) break;
          page = await this.services.call(part, { userId, cursor: page.next });
        }
        if (res.destroyed) return;
      }
      files.close();
    } catch (error) {
      this.logger.error(`export of ${userId} broken off: ${(error as Error).message}`);
      res.destroy(error as Error);
      return;
    }
    for (const key of files.photoKeys) {
      if (res.destroyed) return;
      const photo = await this.store.get(key);
      // A photo the storage lost is left out; the file naming it still says it existed.
      if (!photo) continue;
      zip.append(photo.stream, { name: `photos/${key}` });
      // One photo open at a time: archiver reads the streams in order, so wait for this one.
      const read = new Promise<void>((resolve, reject) => {
        photo.stream.once('end', resolve);
        photo.stream.once('error', reject);
      });
      await Promise.race([read, left]);
    }
    if (res.destroyed) return;
    await zip.finalize();
  }
}
