/** Swarm Core: the scene behind the shell is the main view; its overlay panels arrive with issue 4. */
export default function SwarmPage() {
  return <h1 style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>Swarm Core</h1>
}
