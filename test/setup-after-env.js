// A test file that leaves a timer of the package running fails (harness/background-timers.js);
// the timers are then let go, so the failure is reported instead of jest hanging on them.
const { leakedTimers } = require('../harness/background-timers');

afterAll(() => {
	const leaked = leakedTimers({ release: true });
	if (leaked.length)
		throw new Error(
			`${leaked.length} timer(s) of the package still running:\n${leaked.join('\n')}`,
		);
});
