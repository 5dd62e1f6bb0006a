/**
 * A file's bytes as a stream n8n's binary data takes (prepareBinaryData), read as it is consumed,
 * in both of n8n's ways: iterated or piped to disk (`Symbol.asyncIterator`, `pipe`), or collected
 * by listeners (`on('data')`, `on('end')`, `once('error')`). n8n's community rules allow no import
 * of Node's `stream` module, so this is the stream. The source is consumed once: by iteration, by
 * `pipe`, or by the first `data` listener.
 */

type Listener = (...args: unknown[]) => void;

export class ByteStream {
	readonly readable = true;
	private readonly listeners = new Map<string, Listener[]>();
	private consumed = false;

	constructor(private readonly source: AsyncGenerator<Uint8Array>) {}

	[Symbol.asyncIterator](): AsyncGenerator<Buffer> {
		this.claim();
		const source = this.source;
		return (async function* () {
			for await (const chunk of source) yield asBuffer(chunk);
		})();
	}

	on(event: string, listener: Listener): this {
		const list = this.listeners.get(event) ?? [];
		list.push(listener);
		this.listeners.set(event, list);
		// The first `data` listener starts the flow, after the listeners added with it in this turn.
		if (event === 'data' && !this.consumed) {
			this.claim();
			void Promise.resolve().then(async () => await this.flow());
		}
		return this;
	}

	readonly addListener = this.on;

	once(event: string, listener: Listener): this {
		const wrapped: Listener = (...args) => {
			this.off(event, wrapped);
			listener(...args);
		};
		return this.on(event, wrapped);
	}

	off(event: string, listener: Listener): this {
		const list = this.listeners.get(event)?.filter((l) => l !== listener);
		if (list) this.listeners.set(event, list);
		return this;
	}

	readonly removeListener = this.off;

	/** Writes the bytes into `destination` (a Node writable), waiting when it asks to. */
	pipe<T extends PipeDestination>(destination: T): T {
		this.claim();
		void (async () => {
			try {
				for await (const chunk of this.source) {
					if (!destination.write(asBuffer(chunk)))
						await new Promise<void>((resolve) => destination.once('drain', () => resolve()));
				}
				destination.end();
				this.emit('end');
			} catch (error) {
				destination.destroy?.(error as Error);
				this.emit('error', error);
			}
		})();
		return destination;
	}

	/** Stops the source (its `finally` blocks run). */
	destroy(error?: Error): this {
		void this.source.return(undefined).catch(() => undefined);
		if (error) this.emit('error', error);
		return this;
	}

	private claim(): void {
		if (this.consumed) throw new Error('The file stream is read once');
		this.consumed = true;
	}

	private emit(event: string, ...args: unknown[]): void {
		for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
	}

	private async flow(): Promise<void> {
		try {
			for await (const chunk of this.source) this.emit('data', asBuffer(chunk));
		} catch (error) {
			this.emit('error', error);
			return;
		}
		this.emit('end');
		this.emit('close');
	}
}

/** What `pipe` writes into: a Node writable's methods. */
export interface PipeDestination {
	write(chunk: Buffer): boolean;
	end(): unknown;
	once(event: 'drain', listener: () => void): unknown;
	destroy?(error?: Error): unknown;
}

const asBuffer = (chunk: Uint8Array) =>
	Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
