/** The socket.io room of a company's managers: what one company's live events are sent to. */
export const companyRoom = (companyId: string) => `company:${companyId}`;
