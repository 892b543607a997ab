import { Component, type ReactNode } from 'react'
import { Button } from './Button'
import { ErrorText } from './Page'

interface State {
  error: Error | null
}

/** Catches a render or chunk-load failure in its subtree and offers a retry instead of a blank screen. */
export class ErrorBoundary extends Component<
  { children: ReactNode; fallback?: (e: Error, retry: () => void) => ReactNode },
  State
> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: Error): State {
    return { error }
  }

  retry = () => this.setState({ error: null })

  override render() {
    const { error } = this.state
    if (!error) return this.props.children
    if (this.props.fallback) return this.props.fallback(error, this.retry)
    return (
      <div role="alert" style={{ padding: 24, pointerEvents: 'auto' }}>
        <ErrorText>Module failed to load: {error.message}</ErrorText>
        <p>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </p>
      </div>
    )
  }
}
