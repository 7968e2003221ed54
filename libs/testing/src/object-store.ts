import { Client } from 'minio';
import type { S3Endpoint } from './infrastructure/infrastructure-types.js';

/** The test stack's object store (`HDIYA_E2E_S3`, set by the test runner), or null outside it. */
export function testObjectStore(): S3Endpoint | null {
  const given = process.env.HDIYA_E2E_S3;
  return given ? (JSON.parse(given) as S3Endpoint) : null;
}

/** A client of that store, for tests that read or stand in for what is stored. */
export function objectStoreClient(s3: S3Endpoint): Client {
  return new Client({ endPoint: s3.endpoint, port: s3.port, useSSL: s3.useSSL, accessKey: s3.accessKey, secretKey: s3.secretKey, region: s3.region, pathStyle: true });
}

/** Every key stored under `prefix`, to check what an upload left behind. */
export async function storedKeys(prefix: string, s3: S3Endpoint): Promise<string[]> {
  const client = objectStoreClient(s3);
  const keys: string[] = [];
  for await (const item of client.listObjectsV2(s3.bucket, prefix, true)) if (item.name) keys.push(item.name);
  return keys;
}
