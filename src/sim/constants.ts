/**
 * Every number of PRODUCT.md §3/§4/§9 the simulation uses, plus the tick periods PRODUCT.md leaves
 * open (documented here as our decision). Simulated time advances in fixed steps of STEP_MS (one
 * "frame"); every timer below counts steps, so the sim is exactly reproducible for a seed.
 */

/** One simulation frame: movement, the 0.5% mode switch, the main view's 1%/3% per-frame rolls. */
export const STEP_MS = 1000 / 60
/** Most steps one tick(dtMs) call runs by default; a long stall (background tab) is skipped. */
export const MAX_STEPS_PER_TICK = 8
/**
 * The store lets a slow frame catch up further while steps are cheap: up to this many steps (1 s of
 * simulated time) within STEP_BUDGET_MS of stepping per frame, never fewer than MAX_STEPS_PER_TICK.
 */
export const MAX_CATCH_UP_STEPS = 60
export const STEP_BUDGET_MS = 8

/**
 * "Simulation tick" and "recovery tick" of PRODUCT.md §4: it does not give their rates. Ours,
 * chosen so that with the defaults the swarm reads alive (livingSwarm.test.ts, 10 simulated minutes
 * while active: mean energy 30–80 over several colour bands, efficiency mostly above its 75 floor,
 * a few percent failing at most):
 *   - agent tick (status change, energy) every 1 s, staggered over the 60 steps of that second;
 *   - failure tick (each agent fails with 10%) every 120 s: a failure wave of ~10% of the swarm is
 *     an event every two minutes, not the steady state (at 30 s efficiency sat on its floor after
 *     five minutes: −0.2 per failing agent per 5 s update);
 *   - recovery tick (each failing agent recovers with 40%) every 0.5 s, so a wave clears in a few
 *     seconds and most 5 s efficiency updates see no failing agent.
 * Together with the resting rule (rules.ts agentTick: an exhausted agent idles until charged), which
 * the energy rules need: busy agents lose ~1.8 per tick and only idle ones gain.
 */
export const AGENT_TICK_STEPS = 60
export const FAILURE_TICK_STEPS = 7200
export const RECOVERY_TICK_STEPS = 30

export const DEFAULT_AGENT_COUNT = 146
/** World that holds the default 146 agents comfortably; area scales with the count. */
export const BASE_WORLD = { width: 1600, height: 1000 } as const

// PRODUCT.md §4 Agent mode
export const MODE_SWITCH_CHANCE = 0.005
export const MODE_BACK_TO_EXPLORE_CHANCE = 0.3
export const TARGET_REACHED_DISTANCE = 5
export const TARGET_REVERT_TO_EXPLORE_CHANCE = 0.3
export const STATUS_CHANGE_CHANCE = 0.2
export const STATUS_ACTIVE_SHARE = 0.7
/** Standby sends about 30% of agents to idle. */
export const STANDBY_IDLE_SHARE = 0.3
/** Units per frame toward the target at speed 5. */
export const TARGET_SPEED = 1.2
/** Agents' random velocity components, units per frame at speed 5: (rand − 0.5) × this. */
export const EXPLORE_SPEED_SPREAD = 1.6
/** Default global speed (PRODUCT.md §3 "speed (default 5)"); movement scales by speed / 5. */
export const DEFAULT_SPEED = 5

// PRODUCT.md §4 Failure
export const FAILURE_CHANCE = 0.1
export const RECOVERY_CHANCE = 0.4
/** A failure tick logs at most this many alerts and one summary line; a 100k swarm would flood. */
export const MAX_ALERTS_PER_TICK = 20
export const FAILING_PULSE_RATE = 3
export const FAILING_COLOR = 0xff3344

// PRODUCT.md §4 Efficiency
export const EFFICIENCY_DEFAULT = 97.3
export const EFFICIENCY_MIN = 75
export const EFFICIENCY_MAX = 99.9
export const EFFICIENCY_DROP_PER_FAILING = 0.2
export const EFFICIENCY_WALK = 0.3
/**
 * Efficiency's way back up (our rule; PRODUCT.md §4's −0.2 per failing agent, else ±0.3, has none,
 * so a server sat on the 75 floor after ~20 minutes and stayed there): at an update with no failing
 * agent the ±0.3 walk also closes this share of the gap to EFFICIENCY_DEFAULT,
 *   next = e + 0.1 × (97.3 − e) + (2r − 1) × 0.3   (failing agents: e − 0.2 × failing, as in
 *   PRODUCT.md §4);
 * a failure wave still dents it (~2 points) and the dent halves in well under a minute. Over 24
 * simulated hours of the server's swarm (npm run bench:efficiency): time-average ≈ 96 %, never at
 * the floor, a dip after every wave; PRODUCT.md §4's rule there: ≈ 75.4 %, at the floor ≈ 40 % of
 * the time.
 */
export const EFFICIENCY_PULL = 0.1
export const MANUAL_FAIL_EFFICIENCY_DROP = 0.3
export const ERROR_RATE_TREND_THRESHOLD = 3

// PRODUCT.md §4 Energy
export const ENERGY_FAILING_LOSS = 5
export const ENERGY_BUSY_LOSS = 1
export const ENERGY_BUSY_LOSS_EXTRA_CHANCE = 0.3
export const ENERGY_IDLE_GAIN = 1
export const ENERGY_IDLE_GAIN_EXTRA_CHANCE = 0.7
export const ENERGY_MOVING_LOSS = 0.5
/**
 * Resting (our rule, ARCHITECTURE.md §7; PRODUCT.md leaves exhaustion open): below ENERGY_LOW a
 * busy agent goes idle; an idle agent's status change chance is 0 up to this energy and grows
 * quadratically to the PRODUCT.md §4 20% at 100.
 */
export const ENERGY_REST_FROM = 50
export const ENERGY_LOW = 20
export const ENERGY_HIGH = 80
export const PULSE_LOW = 0.5
export const PULSE_HIGH = 1.8

// PRODUCT.md §4 Main view start (in steps of STEP_MS)
export const MAIN_ERROR_AT_STEPS = 120 // 2 s
export const MAIN_RECOVERY_AT_STEPS = 480 // 8 s
export const MAIN_FRAME_ERROR_CHANCE = 0.01
export const MAIN_FRAME_RECOVERY_CHANCE = 0.03
export const MAIN_DEMO_LINE_STEPS = 180 // 3 s
export const MAIN_EFFICIENCY_STEPS = 300 // 5 s

// PRODUCT.md §9 Canvas: links
export const LINK_DISTANCE = 120
export const MAX_CONNECTIONS = 7
/**
 * World units an agent may move between the link search its links came from and the frame that
 * draws them (speed 10: ~3 units a frame; a search is at most ~100 ms old). Views reach this much
 * further for links (scene/links, viewSet.ts).
 */
export const MOTION_SLACK = 40

/** Messages kept in history (oldest dropped first). */
export const MESSAGE_CAP = 200
