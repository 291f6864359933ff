/// <reference path="./s3rver.d.ts" />
export { type LocalS3, startLocalS3 } from './local-s3';
