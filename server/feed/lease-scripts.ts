/**
 * The Redis side of the feed's leadership (redis-scale.ts): the scripts that take, renew and fence
 * the lease, and the framing of what goes over the frame channel. Every write a leader makes is one
 * of these scripts, so Redis itself checks that the writer's `<instanceId>|<term>` still holds the
 * lease: a leader that was paused or cut off cannot publish or overwrite state after losing it.
 */
import type { Redis } from 'ioredis'

/** KEYS: lease, term counter. ARGV: instance id, ttl. → the held term, or 0 when another holds it. */
const ACQUIRE = `
local cur = redis.call('GET', KEYS[1])
if cur then
  local sep = string.find(cur, '|', 1, true)
  if sep and string.sub(cur, 1, sep - 1) == ARGV[1] then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    return tonumber(string.sub(cur, sep + 1))
  end
  return 0
end
local t = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], ARGV[1] .. '|' .. t, 'PX', ARGV[2])
return t`
/** KEYS: lease. ARGV: token, ttl. */
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`
/** KEYS: lease, channel, state. ARGV: token, payload, '1' to keep it as the latest state, px. */
const PUBLISH = `if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('PUBLISH', KEYS[2], ARGV[2])
if ARGV[3] == '1' then redis.call('SET', KEYS[3], ARGV[2], 'PX', ARGV[4]) end
return 1`
/** KEYS: lease, key. ARGV: token, value, px. */
const SAVE = `if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
return 1`
/** KEYS: lease, resume, channel. ARGV: token, resume state, px, handover notice. */
const HANDOVER = `if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
redis.call('DEL', KEYS[1])
redis.call('PUBLISH', KEYS[3], ARGV[4])
return 1`

/** The scripts as commands of a client (defineLeaseScripts); each answers 0 when fenced. */
export interface LeaseScripts {
  vposAcquire(lease: string, termKey: string, id: string, ttl: number): Promise<number>
  vposRenew(lease: string, token: string, ttl: number): Promise<number>
  vposPublish(
    lease: string,
    channel: string,
    stateKey: string,
    token: string,
    payload: Buffer,
    keep: '0' | '1',
    px: number,
  ): Promise<number>
  vposSave(lease: string, key: string, token: string, value: string, px: number): Promise<number>
  vposHandover(
    lease: string,
    resumeKey: string,
    channel: string,
    token: string,
    value: string,
    px: number,
    notice: Buffer,
  ): Promise<number>
}

/** Defines the lease scripts on `redis` (loaded by SHA, sent whole once when Redis lacks them). */
export function defineLeaseScripts(redis: Redis): Redis & LeaseScripts {
  redis.defineCommand('vposAcquire', { numberOfKeys: 2, lua: ACQUIRE })
  redis.defineCommand('vposRenew', { numberOfKeys: 1, lua: RENEW })
  redis.defineCommand('vposPublish', { numberOfKeys: 3, lua: PUBLISH })
  redis.defineCommand('vposSave', { numberOfKeys: 2, lua: SAVE })
  redis.defineCommand('vposHandover', { numberOfKeys: 3, lua: HANDOVER })
  return redis as Redis & LeaseScripts
}

/** Kept long enough for any follower to resume from, short enough not to linger. */
export const KEEP_PX = 10 * 60_000

/** Every message on the channel, and the kept latest state, starts with its term (u32 BE). */
const TERM_BYTES = 4
/** The byte after the term header that marks a handover notice instead of a frame. */
const HANDOVER_BYTE = 0xfe

/** `body` behind its term header, as it goes over the channel. */
export function withTerm(term: number, body: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(TERM_BYTES + body.length)
  out.writeUInt32BE(term, 0)
  out.set(body, TERM_BYTES)
  return out
}

/** The notice a leader leaving gracefully publishes: elect now, the lease is free. */
export function handoverNotice(term: number): Buffer {
  return withTerm(term, Uint8Array.of(HANDOVER_BYTE))
}

/** A channel message (or the kept state) split into its term and body; null: none, or too short. */
export function splitTerm(
  message: Buffer | null,
): { term: number; body: Buffer; handover: boolean } | null {
  if (!message || message.length <= TERM_BYTES) return null
  const body = message.subarray(TERM_BYTES)
  return {
    term: message.readUInt32BE(0),
    body,
    handover: body.length === 1 && body[0] === HANDOVER_BYTE,
  }
}
