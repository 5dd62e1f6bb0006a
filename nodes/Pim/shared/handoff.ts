/**
 * Pages handed from the reading to the writer, one at a time: `put` waits until the writer is
 * done with the page and asks for the next (the reading waits for the writer), the writer waits
 * for the next page. So the reading makes the next page (a page read ahead waits as its bytes,
 * PimClient.readAhead) only when the writer wants it: one page is held as records at a time, not
 * one being written and one waiting, parsed, long enough to reach V8's old space.
 */
export class Handoff<T> {
	private waiting?: { value: T; taken: () => void; refused: (error: unknown) => void };
	private wake?: () => void;
	private ended = false;
	private failure?: { error: unknown };
	private closed = false;

	async put(value: T): Promise<void> {
		if (this.closed) throw new Error('The file is no longer written');
		await new Promise<void>((taken, refused) => {
			this.waiting = { value, taken, refused };
			this.wake?.();
		});
	}

	end(): void {
		this.ended = true;
		this.wake?.();
	}

	fail(error: unknown): void {
		this.failure ??= { error };
		this.wake?.();
	}

	/** The writer is done with the pages (or never started): a page offered now is refused. */
	close(): void {
		this.closed = true;
		this.waiting?.refused(new Error('The file is no longer written'));
		this.waiting = undefined;
	}

	async *[Symbol.asyncIterator](): AsyncGenerator<T> {
		try {
			for (;;) {
				if (this.waiting) {
					const { value, taken } = this.waiting;
					this.waiting = undefined;
					try {
						yield value;
					} finally {
						taken();
					}
					continue;
				}
				if (this.failure) throw this.failure.error;
				if (this.ended) return;
				await new Promise<void>((resolve) => (this.wake = resolve));
				this.wake = undefined;
			}
		} finally {
			this.close();
		}
	}
}
