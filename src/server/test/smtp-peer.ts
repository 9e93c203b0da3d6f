import PostalMime, { type Email } from "postal-mime";
import { SMTPServer, type SMTPServerSession } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  parsed: Email;
}

export interface SmtpPeer {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or arriving later) that matches. */
  waitForMessage(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /**
   * Makes the peer refuse recipients whose address matches, with the given SMTP code (550 by
   * default; a 421 also closes the connection, as real servers do), `times` times or for good.
   * Rules are checked in the order they were added.
   */
  rejectRecipients(match: (address: string) => boolean, code?: number, times?: number): void;
  /** Message-ID header of every message received, in order of arrival. */
  messageIds(): string[];
  /** An outage: drops every open connection at once and stops listening. */
  stop(): Promise<void>;
  /** Ends the outage: listens again on the same port (the senders' SMTP_URL names it). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface SmtpPeerOptions {
  auth?: { user: string; pass: string };
  /** Answers each message this much later, like a distant server (keeps a send going for a while). */
  delayMs?: number;
}

/** What the peer received, who waits for what, and which recipients it refuses. */
interface PeerState {
  messages: ReceivedMail[];
  waiters: Array<{ match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }>;
  rejections: Array<{ match: (address: string) => boolean; code: number; left: number }>;
}

/** A real SMTP server on a loopback port (the smtp-server package) that records what it is sent. */
export async function startSmtpPeer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const state: PeerState = { messages: [], waiters: [], rejections: [] };
  const listen = async (onPort: number) => {
    const created = newServer(options, state);
    // A client killed mid-session (crash tests SIGKILL senders) resets its connection; that is
    // the client's failure, not the peer's.
    created.on("error", () => {});
    await new Promise<void>((resolve) => created.listen(onPort, "127.0.0.1", resolve));
    return created;
  };
  let server = await listen(0);
  let running = true;
  const port = (server.server.address() as { port: number }).port;
  const close = () =>
    new Promise<void>((resolve) => {
      running = false;
      server.close(() => resolve());
    });
  const credentials = options.auth
    ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@`
    : "";
  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    port,
    messages: state.messages,
    waitForMessage: (match, timeoutMs = 10_000) => waitForMessage(state, match, timeoutMs),
    rejectRecipients(match, code = 550, times = Number.POSITIVE_INFINITY) {
      state.rejections.push({ match, code, left: times });
    },
    messageIds: () => state.messages.map((m) => m.parsed.messageId ?? ""),
    async stop() {
      const closed = close();
      for (const connection of (server as unknown as { connections: Set<Socketish> }).connections) {
        connection._socket?.destroy();
      }
      await closed;
    },
    async restart() {
      server = await listen(port);
      running = true;
    },
    close: () => (running ? close() : Promise.resolve()),
  };
}

function newServer(options: SmtpPeerOptions, state: PeerState): SMTPServer {
  return new SMTPServer({
    disabledCommands: options.auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !options.auth,
    logger: false,
    onAuth(auth, _session, callback) {
      if (
        options.auth &&
        auth.username === options.auth.user &&
        auth.password === options.auth.pass
      ) {
        return callback(null, { user: auth.username });
      }
      return callback(new Error("Invalid username or password"));
    },
    onRcptTo(address, _session, callback) {
      callback(refusal(state, address.address) ?? undefined);
    },
    onData(stream, session, callback) {
      readMail(stream, session, options.delayMs ?? 0)
        .then((mail) => {
          receive(state, mail);
          callback();
        })
        .catch(callback);
    },
  });
}

/** The error of the first refusal rule that matches the recipient (and counts it), else null. */
function refusal(state: PeerState, address: string): Error | null {
  const rejection = state.rejections.find((r) => r.left > 0 && r.match(address));
  if (!rejection) return null;
  rejection.left -= 1;
  const error = new Error(`Recipient ${address} refused`) as Error & { responseCode: number };
  error.responseCode = rejection.code;
  return error;
}

async function readMail(
  stream: NodeJS.ReadableStream,
  session: SMTPServerSession,
  delayMs: number,
): Promise<ReceivedMail> {
  const parsed = await PostalMime.parse(await streamToBuffer(stream));
  const mail: ReceivedMail = {
    from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
    to: session.envelope.rcptTo.map((r) => r.address),
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
    html: parsed.html ?? "",
    parsed,
  };
  return new Promise<ReceivedMail>((resolve) => setTimeout(() => resolve(mail), delayMs));
}

/** Records a message and hands it to every waiter it matches. */
function receive(state: PeerState, mail: ReceivedMail): void {
  state.messages.push(mail);
  for (const waiter of [...state.waiters]) {
    if (waiter.match(mail)) {
      state.waiters.splice(state.waiters.indexOf(waiter), 1);
      waiter.resolve(mail);
    }
  }
}

function waitForMessage(
  state: PeerState,
  match: (mail: ReceivedMail) => boolean,
  timeoutMs: number,
): Promise<ReceivedMail> {
  const found = state.messages.find(match);
  if (found) return Promise.resolve(found);
  return new Promise((resolve, reject) => {
    const waiter = { match, resolve };
    state.waiters.push(waiter);
    setTimeout(() => {
      const i = state.waiters.indexOf(waiter);
      if (i >= 0) {
        state.waiters.splice(i, 1);
        reject(new Error("No matching e-mail arrived at the SMTP peer"));
      }
    }, timeoutMs).unref();
  });
}

/** The part of smtp-server's connection object an outage needs: its socket. */
interface Socketish {
  _socket?: { destroy(): void };
}

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
