/**
 * The Lua scripts the purge records run in Redis (redis-purge-records.ts): each touches one tenant's
 * set and its copy in one slot, so it runs in a Redis Cluster too.
 */

/** The member of a records set that holds the set's generation. */
export const GENERATION = '#gen'

// Record times only move forward (GT); then the records older than the pages' lifetime go, and past
// the bound the oldest are folded into the set's widest record of their mode. The generation is set
// aside meanwhile. KEYS[1] the set; ARGV: at, oldest worth keeping, bound, a new generation, the
// widest record (`*` or `host:<host>`), then the names.
export const MARK = `
local gen = redis.call('zscore', KEYS[1], '${GENERATION}') or ARGV[4]
redis.call('zrem', KEYS[1], '${GENERATION}')
for i = 6, #ARGV do redis.call('zadd', KEYS[1], 'GT', ARGV[1], ARGV[i]) end
redis.call('zremrangebyscore', KEYS[1], '-inf', '(' .. ARGV[2])
local excess = redis.call('zcard', KEYS[1]) - tonumber(ARGV[3])
if excess > 0 then
  local oldest = redis.call('zrange', KEYS[1], 0, excess - 1, 'WITHSCORES')
  local folded = {}
  for i = 1, #oldest, 2 do
    local mode = string.sub(oldest[i], 1, 5)
    if not folded[mode] or tonumber(oldest[i + 1]) > folded[mode] then folded[mode] = tonumber(oldest[i + 1]) end
  end
  redis.call('zremrangebyrank', KEYS[1], 0, excess - 1)
  for mode, at in pairs(folded) do redis.call('zadd', KEYS[1], 'GT', at, mode .. ARGV[5]) end
end
redis.call('zadd', KEYS[1], gen, '${GENERATION}')
return 1
`

// A write and its tag index entries, refused when a tenant record covering it is at or after the
// render's start (ARGV[1]). One script, so a tenant's purge cannot fall between check and write.
// The tenant's set is made when missing (never made, or lost): copies written under an earlier one
// read as purged.
// KEYS: the copy, the tenant's set, then the tag sets; ARGV: since, value, ttl, names (JSON),
// members of each tag set (JSON), a new generation, the copy's tag record names without mode
// (JSON), the generation of the set of everything. Stored:
// \`g<tenant generation>.<generation of everything>|<length>|<tag record names>\` then the value.
export const WRITE = `
local gen = redis.call('zscore', KEYS[2], '${GENERATION}')
if not gen then
  gen = ARGV[6]
  redis.call('zadd', KEYS[2], gen, '${GENERATION}')
end
local names = cjson.decode(ARGV[4])
if #names > 0 then
  local times = redis.call('zmscore', KEYS[2], unpack(names))
  for i = 1, #times do
    local at = tonumber(times[i] or '')
    if at and at >= tonumber(ARGV[1]) then return 0 end
  end
end
redis.call('set', KEYS[1], 'g' .. gen .. '.' .. ARGV[8] .. '|' .. string.len(ARGV[7]) .. '|' .. ARGV[7] .. ARGV[2], 'PX', ARGV[3])
local members = cjson.decode(ARGV[5])
for i = 3, #KEYS do
  local set = members[i - 2]
  if #set > 0 then
    redis.call('sadd', KEYS[i], unpack(set))
    -- GT: an index never expires before the longest-lived key it names.
    redis.call('pexpire', KEYS[i], ARGV[3], 'GT')
    redis.call('pexpire', KEYS[i], ARGV[3], 'NX')
  end
end
return 1
`

// A copy and the times of its tenant's records, in one round trip: those asked for, and those of
// the tags stored in its header (so a tag purge reaches a copy even when the tag's index, which has
// a TTL, was evicted before the purge could find the page in it). Reads only: runs under OOM too.
// KEYS: the copy, the tenant's set; ARGV: the names asked for (JSON). Answers the value, the
// tenant's generation and the times of the names asked for, then of each tag's soft and hard record.
export const READ = `#!lua flags=no-writes
local value = redis.call('get', KEYS[1])
local gen = redis.call('zscore', KEYS[2], '${GENERATION}')
local names = cjson.decode(ARGV[1])
if value then
  local first, last, size = string.find(value, '^g[%d.]+|(%d+)|')
  if first then
    local ok, tags = pcall(cjson.decode, string.sub(value, last + 1, last + tonumber(size)))
    if ok and type(tags) == 'table' then
      for _, name in ipairs(tags) do
        names[#names + 1] = 'soft:' .. name
        names[#names + 1] = 'hard:' .. name
      end
    end
  end
end
local times = {}
if #names > 0 then times = redis.call('zmscore', KEYS[2], unpack(names)) end
return {value or false, gen or false, times}
`
