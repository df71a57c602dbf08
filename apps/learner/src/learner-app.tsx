/**
 * The employees' app. Trainings and assessments arrive with the delivery issue; for now it greets the
 * employee and explains how they will be invited.
 */
export function LearnerApp() {
  return (
    <main className="page">
      <section className="card" aria-labelledby="title">
        <div className="brand" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M12 3l8 4v5c0 5-3.5 8.5-8 9-4.5-.5-8-4-8-9V7l8-4z" />
          </svg>
          <span>Vigil</span>
        </div>
        <h1 id="title">Your security training</h1>
        <p>
          When your company starts a training program or an assessment, you will receive an email with a
          personal link. Open it to watch the lessons and answer the questions — on your phone or your
          computer.
        </p>
        <p className="muted">No password is needed. The link in your email signs you in.</p>
      </section>
    </main>
  );
}
