import { Controller, Get, Logger, Res, UseGuards } from '@nestjs/common';
import archiver from 'archiver';
import type { Response } from 'express';
import { Rpc, type MemberExportPart } from '@hdiya/contracts';
import { ImageStore } from '../images/image-store.js';
import { ServiceClient } from '../rpc/service-client.js';
import { RateLimits } from '../security/rate-limits.js';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { SignedInGuard } from '../session/signed-in.guard.js';

/** The exports are read by people: indented JSON. */
const json = (content: unknown) => `${JSON.stringify(content, null, 2)}\n`;

/**
 * "Télécharger mes données" (issue 47; the right of access of law 09-08): a ZIP of one JSON file
 * per kind of data, each service answering for what it holds (docs/api.md#download-my-data), and
 * the photos of the member's donations. The parts are asked for before the first byte goes out,
 * so a service that does not answer gives a clean error; the ZIP, photos included, is then
 * streamed from storage to the member without being held in memory.
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
    const parts: MemberExportPart[] = await Promise.all([
      this.services.call(Rpc.users.exportMember, { userId }),
      this.services.call(Rpc.donations.exportMember, { userId }),
      this.services.call(Rpc.points.exportMember, { userId }),
      this.services.call(Rpc.messaging.exportMember, { userId }),
    ]);
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
    // A member who leaves mid-download: stop reading photos (res closes before it finishes).
    const left = new Promise<void>((resolve) => res.once('close', resolve));
    for (const part of parts) for (const file of part.files) zip.append(json(file.content), { name: file.name });
    for (const key of parts.flatMap((part) => part.photoKeys)) {
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
