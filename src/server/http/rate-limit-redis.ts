import type { Redis } from '../lib/redis.js'
import type { CounterStore } from './rate-limit.js'

// One script so the increment and the window's expiry are atomic: two instances hitting the
// same key at once still open exactly one window. A key that somehow lost its expiry gets one.
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`

// Never creates a key: a refund after the window closed must not leave a -1 behind.
const DECREMENT = `
if redis.call('EXISTS', KEYS[1]) == 1 and tonumber(redis.call('GET', KEYS[1])) > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0`

/** Rate-limit counters shared by every instance using the same Redis. */
export class RedisCounterStore implements CounterStore {
  constructor(private readonly redis: Redis) {}

  async increment(key: string, windowMs: number) {
    const [count, ttl] = (await this.redis.eval(INCREMENT, 1, key, windowMs)) as [number, number]
    return { count, resetInMs: ttl }
  }

  async decrement(key: string) {
    await this.redis.eval(DECREMENT, 1, key)
  }

  async reset(key: string) {
    await this.redis.del(key)
  }
}
