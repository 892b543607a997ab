/** The swarm's non-agent entities of PRODUCT.md §3 and their defaults. */

export type MessageType = 'system' | 'node' | 'task' | 'alert' | 'analysis'

/** PRODUCT.md §3 Message; `timestamp` is the ISO string added on append. */
export interface Message {
  id: string
  type: MessageType
  text: string
  timestamp: string
}

/** PRODUCT.md §3 Swarm parameter. */
export interface SwarmParameter {
  name: string
  value: number
  min: number
  max: number
  color: string
}

/** PRODUCT.md §3 Task. */
export interface Task {
  name: string
  progress: number
  status: 'active' | 'pending'
}

export type Trend = 'stable' | 'up' | 'down'

/** PRODUCT.md §3 System health item; `value` is the display text ('12.33%', '8ms'). */
export interface HealthItem {
  name: string
  value: string
  trend: Trend
}

/** PRODUCT.md §3 Metrics. */
export interface Metrics {
  totalAgents: number
  activeAgents: number
  processingPower: number
  averageEfficiency: number
  networkLatency: number
  completedTasks: number
}

/** PRODUCT.md §3 Error event (live feed type 5, the error popup). */
export interface ErrorEvent {
  id: string
  errorCode: string
  message: string
  timestamp: string
  agentId: string
}

export function defaultParameters(): SwarmParameter[] {
  return [
    { name: 'Swarm Density', value: 75, min: 0, max: 100, color: '#00d4ff' },
    { name: 'Processing Speed', value: 80, min: 0, max: 100, color: '#33ff99' },
    { name: 'Coordination Level', value: 92, min: 0, max: 100, color: '#b266ff' },
    { name: 'Error Resilience', value: 87, min: 0, max: 100, color: '#ffb020' },
    { name: 'Decision Confidence', value: 91, min: 0, max: 100, color: '#14b8a6' },
  ]
}

export function defaultTasks(): Task[] {
  return [
    { name: 'Data Analysis', progress: 89, status: 'active' },
    { name: 'Pattern Recognition', progress: 76, status: 'active' },
    { name: 'Risk Assessment', progress: 92, status: 'active' },
    { name: 'Resource Allocation', progress: 64, status: 'active' },
    { name: 'Anomaly Detection', progress: 32, status: 'pending' },
  ]
}

export function defaultHealth(): HealthItem[] {
  return [
    { name: 'Memory', value: '64%', trend: 'stable' },
    { name: 'Processing', value: '87%', trend: 'up' },
    { name: 'Network', value: '99.2%', trend: 'stable' },
    { name: 'Latency', value: '12ms', trend: 'down' },
    { name: 'Error Rate', value: '0.00%', trend: 'stable' },
    { name: 'Uptime', value: '99.98%', trend: 'stable' },
  ]
}

export function emptyMetrics(): Metrics {
  return {
    totalAgents: 0,
    activeAgents: 0,
    processingPower: 0,
    averageEfficiency: 0,
    networkLatency: 0,
    completedTasks: 0,
  }
}
