import { useId } from 'react'
import styled from 'styled-components'
import { useSnapshot } from 'valtio'
import { setParameter, setSpeed, swarm } from '../../state/swarmStore'
import { OverlayPanel } from './OverlayPanel'

const List = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
`
const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  label {
    display: flex;
    justify-content: space-between;
    font-size: 11px;
    color: ${(p) => p.theme.color.muted};
    letter-spacing: 0.05em;
  }
  output {
    color: ${(p) => p.theme.color.text};
    font-variant-numeric: tabular-nums;
  }
  input[type='range'] {
    width: 100%;
    margin: 0;
    height: 18px;
    cursor: pointer;
  }
`

function Slider({
  name,
  value,
  min,
  max,
  color,
  unit,
  onChange,
}: {
  name: string
  value: number
  min: number
  max: number
  color: string
  unit: string
  onChange: (v: number) => void
}) {
  const id = useId()
  return (
    <Field>
      <label htmlFor={id}>
        <span>{name}</span>
        <output htmlFor={id}>
          {Math.round(value)}
          {unit}
        </output>
      </label>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={1}
        value={value}
        style={{ accentColor: color }}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
      />
    </Field>
  )
}

/** §2 parameter panel: the §3 swarm parameters and the movement speed as sliders on the sim. */
export function ParameterPanel() {
  const { parameters, speed } = useSnapshot(swarm)
  return (
    <OverlayPanel title="Swarm Parameters" testId="parameter-panel">
      <List>
        {parameters.map((p) => (
          <Slider
            key={p.name}
            name={p.name}
            value={p.value}
            min={p.min}
            max={p.max}
            color={p.color}
            unit="%"
            onChange={(v) => setParameter(p.name, v)}
          />
        ))}
        <Slider
          name="Swarm Speed"
          value={speed}
          min={1}
          max={10}
          color="#00f0c8"
          unit=""
          onChange={setSpeed}
        />
      </List>
    </OverlayPanel>
  )
}
