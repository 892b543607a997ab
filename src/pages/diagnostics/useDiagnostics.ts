import { useCallback, useEffect, useRef, useState } from 'react'
import { createRng, type Rng } from '../../sim/random'
import { appendMessage } from '../../state/swarmStore'
import { currentSwarmParams } from '../../state/urlParams'
import {
  LIST_LOAD_MS,
  applyOutcome,
  canRepair,
  diagnoseFailureText,
  fullScanText,
  generateComponents,
  operationMs,
  operationSucceeds,
  repairFailureText,
  type ComponentHealth,
  type Operation,
} from './diagnosticsData'
import { useSwarmStore } from '../../state/swarmStoreContext'

/** Salt on `?seed=` so this screen's draws are their own stream. */
const SEED_SALT = 0xd1
const LOG_CAP = 50

export type LogTone = 'info' | 'success' | 'alert'
export interface LogEntry {
  id: number
  time: number
  text: string
  tone: LogTone
}

export interface DiagnosticsModel {
  /** null while the list loads (1.5 s) */
  components: ComponentHealth[] | null
  /**
   * The list as it will load (the same seeded draws, from a second generator on the same seed):
   * laid out hidden while it loads, so nothing on the page moves when it comes
   */
  shape: ComponentHealth[]
  /** the operation in progress; every button is disabled meanwhile */
  busy: { id: string; op: Operation } | null
  log: LogEntry[]
  /** the latest failure alert, until dismissed or the next operation starts */
  alert: string | null
  run: (id: string, op: Operation) => void
  fullScan: () => void
  dismissAlert: () => void
}

/**
 * The Diagnostics state machine: list loading, one operation at a time, outcome drawn from the
 * page's seeded random source when the operation finishes, a log of what happened.
 */
export function useDiagnostics(): DiagnosticsModel {
  const store = useSwarmStore()
  const [rng] = useState<Rng>(() => createRng(currentSwarmParams().seed + SEED_SALT))
  const [components, setComponents] = useState<ComponentHealth[] | null>(null)
  const [shape] = useState(() =>
    generateComponents(createRng(currentSwarmParams().seed + SEED_SALT), Date.now() + LIST_LOAD_MS),
  )
  const [busy, setBusy] = useState<DiagnosticsModel['busy']>(null)
  const [log, setLog] = useState<LogEntry[]>([])
  const [alert, setAlert] = useState<string | null>(null)
  const logSeq = useRef(0)
  const latest = useRef<ComponentHealth[] | null>(null)
  const busyRef = useRef(false)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)

  const write = useCallback((text: string, tone: LogTone) => {
    const entry = { id: ++logSeq.current, time: Date.now(), text, tone }
    setLog((l) => [...l, entry].slice(-LOG_CAP))
  }, [])

  useEffect(() => {
    const t = setTimeout(() => {
      const list = generateComponents(rng, Date.now())
      latest.current = list
      setComponents(list)
      write(`Component status loaded: ${list.length} components.`, 'info')
    }, LIST_LOAD_MS)
    return () => {
      clearTimeout(t)
      if (timer.current) clearTimeout(timer.current)
    }
  }, [rng, write])

  const run = useCallback(
    (id: string, op: Operation) => {
      const target = latest.current?.find((c) => c.id === id)
      if (busyRef.current || !target || (op === 'repair' && !canRepair(target.status))) return
      busyRef.current = true
      setBusy({ id, op })
      setAlert(null)
      write(op === 'diagnose' ? `Running diagnostic on ${id}...` : `Repairing ${id}...`, 'info')
      timer.current = setTimeout(() => {
        timer.current = null
        const ok = operationSucceeds(op, rng)
        const list = (latest.current ?? []).map((c) =>
          c.id === id ? applyOutcome(c, ok, Date.now()) : c,
        )
        latest.current = list
        setComponents(list)
        if (ok) {
          write(
            op === 'diagnose'
              ? `Diagnostic passed: ${id} operational.`
              : `Repair complete: ${id} operational.`,
            'success',
          )
        } else {
          const text = op === 'diagnose' ? diagnoseFailureText(id) : repairFailureText(id)
          write(text, 'alert')
          setAlert(text)
          appendMessage(store, 'alert', text)
        }
        busyRef.current = false
        setBusy(null)
      }, operationMs(op))
    },
    [rng, write, store],
  )

  const fullScan = useCallback(() => {
    if (busyRef.current || !latest.current) return
    write(fullScanText(latest.current), 'info')
  }, [write])

  const dismissAlert = useCallback(() => setAlert(null), [])

  return { components, shape, busy, log, alert, run, fullScan, dismissAlert }
}
