#!/bin/sh
# docker compose's one-shot MinIO set-up, as the root user: the image bucket (private: images are
# served through the gateway) and the gateway's own user, allowed that bucket's objects only. The
# root key stays in this container and MinIO's; no Hdiya process gets it.
# Environment: MINIO_ROOT_USER, MINIO_ROOT_PASSWORD, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY.
set -eu

mc alias set local http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null
mc mb --ignore-existing "local/$S3_BUCKET"

# What the gateway does: check the bucket (health), put, stat, get and delete objects.
cat >/tmp/hdiya-gateway-policy.json <<POLICY
{
  "Version": "2012-10-17",
  "Statement": [
    { "Effect": "Allow", "Action": ["s3:GetBucketLocation", "s3:ListBucket"], "Resource": ["arn:aws:s3:::$S3_BUCKET"] },
    { "Effect": "Allow", "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"], "Resource": ["arn:aws:s3:::$S3_BUCKET/*"] }
  ]
}
POLICY
mc admin policy create local hdiya-gateway /tmp/hdiya-gateway-policy.json
# Creates the user, or sets its secret again when it exists.
mc admin user add local "$S3_ACCESS_KEY" "$S3_SECRET_KEY"
# On a second start the policy is attached already, which mc reports as an error.
mc admin policy attach local hdiya-gateway --user "$S3_ACCESS_KEY" ||
  mc admin user info local "$S3_ACCESS_KEY" | grep -q hdiya-gateway
