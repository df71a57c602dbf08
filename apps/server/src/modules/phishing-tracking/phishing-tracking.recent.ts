/**
 * The link requests this process served within the burst rule's window, counted the way the rule
 * counts them (docs/PHISHING-TRACKING.md, rule 7): requests of one delivery's link, and distinct
 * deliveries of one company requested from one network. A request's counts include the requests whose
 * rows are still in the batch being written, which the database cannot show yet, and need no statement.
 *
 * What another process served, or this one before a restart, is not here: the label a row gets at the
 * request may then say `no-script` where the database would have said `burst`. The confirmation judges
 * such a visit again from the database, with the requests on both sides of it (`requestsAround`), so
 * a click is counted by the whole picture either way.
 *
 * Memory: one entry per request of the last window (5 s), dropped as the window moves on; the rate
 * limit on /p/* bounds how many one network can add.
 */
export function recentLinkRequests(windowMs: number) {
  const entries: { at: number; deliveryId: number; network: string }[] = [];
  let head = 0;
  const perLink = new Map<number, number>();
  /** company and network → deliveries requested from there → their requests in the window. */
  const perNetwork = new Map<string, Map<number, number>>();

  const forgetBefore = (since: number) => {
    while (head < entries.length && entries[head]!.at <= since) {
      const { deliveryId, network } = entries[head++]!;
      const links = perLink.get(deliveryId)! - 1;
      if (links === 0) perLink.delete(deliveryId);
      else perLink.set(deliveryId, links);
      const deliveries = perNetwork.get(network)!;
      const fromHere = deliveries.get(deliveryId)! - 1;
      if (fromHere > 0) deliveries.set(deliveryId, fromHere);
      else if (deliveries.delete(deliveryId) && deliveries.size === 0) perNetwork.delete(network);
    }
    // The array is compacted once its dropped front outweighs what is still in the window.
    if (head > 1024 && head * 2 > entries.length) {
      entries.splice(0, head);
      head = 0;
    }
  };

  return {
    /** Counts this request in, and answers the rule's two counts with it included. */
    add(companyId: string, network: string, deliveryId: number, now = performance.now()) {
      forgetBefore(now - windowMs);
      const key = `${companyId} ${network}`;
      entries.push({ at: now, deliveryId, network: key });
      const sameLink = (perLink.get(deliveryId) ?? 0) + 1;
      perLink.set(deliveryId, sameLink);
      let deliveries = perNetwork.get(key);
      if (!deliveries) perNetwork.set(key, (deliveries = new Map()));
      deliveries.set(deliveryId, (deliveries.get(deliveryId) ?? 0) + 1);
      return { sameLink, sameNetwork: deliveries.size };
    },
  };
}
