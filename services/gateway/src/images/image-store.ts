import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Client } from 'minio';
import type { Readable } from 'node:stream';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

export interface StoredObject {
  stream: Readable;
  size: number;
  etag: string;
  contentType: string;
}

/** Donation photos in MinIO (or any S3 endpoint), under random, never-reused keys. */
@Injectable()
export class ImageStore implements OnApplicationBootstrap {
  private readonly logger = new Logger('images');
  private readonly client: Client;
  private readonly bucket: string;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.bucket = config.S3_BUCKET;
    this.client = new Client({
      endPoint: config.S3_ENDPOINT,
      port: config.S3_PORT,
      useSSL: config.S3_USE_SSL,
      accessKey: config.S3_ACCESS_KEY,
      secretKey: config.S3_SECRET_KEY,
      region: config.S3_REGION,
      pathStyle: true,
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    try {
      if (!(await this.client.bucketExists(this.bucket))) await this.client.makeBucket(this.bucket, 'us-east-1');
    } catch (error) {
      // Not fatal: health reports it and uploads fail with 503 until storage is back.
      this.logger.warn(`object storage not ready: ${(error as Error).message}`);
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.putObject(this.bucket, key, body, body.length, { 'Content-Type': contentType });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.statObject(this.bucket, key);
      return true;
    } catch {
      return false;
    }
  }

  /** The object with its metadata, or null when there is no such key. */
  async get(key: string): Promise<StoredObject | null> {
    try {
      const stat = await this.client.statObject(this.bucket, key);
      const stream = await this.client.getObject(this.bucket, key);
      return {
        stream,
        size: stat.size,
        etag: stat.etag,
        contentType: (stat.metaData['content-type'] as string | undefined) ?? 'image/webp',
      };
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'NotFound' || code === 'NoSuchKey') return null;
      throw error;
    }
  }

  /** Best effort: a photo left behind costs storage, never correctness. */
  async remove(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.client.removeObjects(this.bucket, keys).catch((error: Error) => this.logger.warn(`could not remove ${keys.join(', ')}: ${error.message}`));
  }

  /** Deletes every object named (one already gone is no error), or throws: for callers that retry. */
  async removeAll(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    const results = await this.client.removeObjects(this.bucket, keys);
    const failed = results.filter((result) => result?.Error && result.Error.Code !== 'NoSuchKey');
    if (failed.length > 0) throw new Error(`storage kept ${failed.length} object(s): ${failed[0]!.Error!.Code ?? 'error'} ${failed[0]!.Error!.Message ?? ''}`);
  }

  async ping(): Promise<boolean> {
    try {
      await this.client.bucketExists(this.bucket);
      return true;
    } catch {
      return false;
    }
  }
}
