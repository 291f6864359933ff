import type { QuarryScript } from './quarry-script';

/**
 * A gc ends its claim on one blob once its delete has returned, only when the claim is still its own.
 * KEYS[1] deleting (`keys.blobGc.deleting()`)
 * ARGV    blob key, owner
 * Returns 1 when the claim was removed, 0 when it was another's or gone.
 */
export const releaseBlobDeletion1 = {
  name: 'quarryReleaseBlobDeletion',
  numberOfKeys: 1,
  readOnly: false,
  lua: `
local claim = redis.call('HGET', KEYS[1], ARGV[1])
if claim and string.match(claim, '^%d+:(.*)$') == ARGV[2] then
  return redis.call('HDEL', KEYS[1], ARGV[1])
end
return 0
`,
} as const satisfies QuarryScript;
