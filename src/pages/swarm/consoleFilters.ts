/**
 * Activity console filters (PRODUCT.md §2): ALL, SYS, ALERT everywhere; TASK and NODE on desktop
 * only.
 */
import type { MessageType } from '../../sim/model'

export type ConsoleFilter = 'ALL' | 'SYS' | 'ALERT' | 'TASK' | 'NODE'

const MOBILE_FILTERS: readonly ConsoleFilter[] = ['ALL', 'SYS', 'ALERT']
const DESKTOP_FILTERS: readonly ConsoleFilter[] = ['ALL', 'SYS', 'ALERT', 'TASK', 'NODE']

export function consoleFilters(mobile: boolean): readonly ConsoleFilter[] {
  return mobile ? MOBILE_FILTERS : DESKTOP_FILTERS
}

const FILTER_TYPE: Record<Exclude<ConsoleFilter, 'ALL'>, MessageType> = {
  SYS: 'system',
  ALERT: 'alert',
  TASK: 'task',
  NODE: 'node',
}

/** True when a message of `type` shows under `filter` (analysis lines show under ALL only). */
export function matchesFilter(type: string, filter: ConsoleFilter): boolean {
  return filter === 'ALL' || FILTER_TYPE[filter] === type
}

/** A filter that is not offered on this device falls back to ALL (desktop → phone rotation). */
export function effectiveFilter(filter: ConsoleFilter, mobile: boolean): ConsoleFilter {
  return consoleFilters(mobile).includes(filter) ? filter : 'ALL'
}

/** The tag printed before a console line. */
export function messageTag(type: string): string {
  switch (type) {
    case 'system':
      return 'SYS'
    case 'alert':
      return 'ALERT'
    case 'task':
      return 'TASK'
    case 'node':
      return 'NODE'
    case 'analysis':
      return 'ANLS'
    default:
      return type.slice(0, 5).toUpperCase()
  }
}
