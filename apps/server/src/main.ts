import { startApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createSigninLink } from './modules/auth/auth.service.ts';
import { DEMO } from './modules/demo/demo.data.ts';
import { demoAdminId, loadDemoData } from './modules/demo/demo.service.ts';
import { warmLearnerStatements } from './modules/learner/learner.warmup.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  // The demo is loaded before any job runs: its history is replayed with its own clock, and the
  // campaigns' dispatch tick must not deliver a half-loaded program meanwhile.
  const app = await startApp(config, undefined, {
    async beforeJobs(server) {
      if (config.demoData && (await loadDemoData(server.ctx.db))) server.log.info('Demo data loaded');
    },
  });
  const { server } = app;

  if (app.database.kind === 'pglite') {
    const warming = performance.now();
    await warmLearnerStatements(server.ctx.db, 100);
    server.log.info(`Learner statements warmed in ${Math.round(performance.now() - warming)} ms`);
  }
  await server.listen({ port: config.port, host: config.host });

  const lines = [`\nVigil is running at ${config.publicUrl}`];
  const adminId = config.demoData ? await demoAdminId(server.ctx.db) : undefined;
  if (adminId) {
    if (config.printSigninLinks) {
      const link = await createSigninLink(server.ctx, adminId);
      lines.push(
        `\nSign in as the demo admin (${DEMO.company.admin.email}) with this one-time link (valid 10 minutes):`,
        link,
      );
    }
    lines.push(
      '\nDemo accounts — ask for a sign-in link on the sign-in page:',
      `  admin          ${DEMO.company.admin.email}`,
      `  viewer         ${DEMO.company.viewer.email}`,
      `  partner admin  ${DEMO.partner.admin.email}`,
      `  super-admin    ${DEMO.superAdmin.email}`,
    );
  }
  if (server.ctx.mailer.kind === 'outbox') {
    lines.push(
      config.devMailbox
        ? `\nNo SMTP_URL set: mails are kept in the outbox at ${config.publicUrl}/dev/mailbox`
        : '\nNo SMTP_URL set: mails are kept in the outbox and not sent; set SMTP_URL to send them',
    );
  }
  console.log(`${lines.join('\n')}\n`);

  const shutdown = async (signal: string) => {
    server.log.info(`${signal} received, shutting down`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
