/** The step indicator: done steps ticked, the current one highlighted. */
export function ProgressSteps({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <ol className="ck-progress" aria-label="Etapas da compra">
      {steps.map((label, i) => {
        const n = i + 1
        const state = n < current ? 'done' : n === current ? 'current' : 'todo'
        return (
          <li
            key={label}
            className={`ck-progress-step ck-progress-${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="ck-progress-dot">{state === 'done' ? '✓' : n}</span>
            <span className="ck-progress-label">{label}</span>
          </li>
        )
      })}
    </ol>
  )
}
