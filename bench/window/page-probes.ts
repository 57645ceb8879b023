/**
 * Measuring inside the page, where the clock is the page's own: a long-task observer and a
 * frame recorder installed before the window's scripts run, and the steps a person takes
 * (open, scroll, send), each timed from the input to the frame that shows its result.
 * Plain JavaScript in a string, so nothing a bundler adds to functions reaches the page.
 */
/** The probe's time stamp in a trace when stream() has seen its reply shown whole. */
export const REPLY_SHOWN_STAMP = "bench: reply shown";

export const PROBE_SCRIPT = String.raw`
(() => {
  // Frame times (and the heap at each frame) are recorded only while a step is recorded, and only
  // when watchFrames is on: outside them the probe asks for no frame. A frame asked for at every
  // vsync is one the app would not have made (a style, layout, paint and commit of its own).
  const bench = (window.__bench = { longTasks: [], frames: [], recording: false, watchFrames: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: "longtask", buffered: true });
  bench.peakHeap = 0;
  bench.heapWatched = false;
  let ticking = false;
  const tick = (t) => {
    if (!bench.recording || !bench.watchFrames) {
      ticking = false;
      return;
    }
    bench.frames.push(t);
    // The JS heap at each frame (exact with --enable-precise-memory-info): its peak while streaming.
    // Only for the suite that reports it: a precise read costs the page's main thread about 0.3 ms a frame.
    if (bench.heapWatched && performance.memory) bench.peakHeap = Math.max(bench.peakHeap, performance.memory.usedJSHeapSize);
    requestAnimationFrame(tick);
  };
  // Streamed words and their renders, counted as they are announced: the window's own log
  // keeps only the most recent events, and a long reply has more than it keeps.
  bench.deltaTimes = [];
  bench.renderTimes = [];
  // With the characters streamed so far at each delta, and shown at each render: which render
  // first showed a delta's words (delta-to-paint.ts; the render's effect runs once its frame is painted).
  bench.deltaLengths = [];
  bench.renderLengths = [];
  bench.streamedChars = 0;
  window.addEventListener("alpine:event", (e) => {
    if (bench.recording && e.detail && e.detail.event && e.detail.event.type === "text_delta") {
      bench.deltaTimes.push(performance.now());
      bench.streamedChars += e.detail.event.text.length;
      bench.deltaLengths.push(bench.streamedChars);
    }
  });
  window.addEventListener("alpine:stream-rendered", (e) => {
    if (bench.recording) {
      bench.renderTimes.push(performance.now());
      bench.renderLengths.push(e.detail && typeof e.detail.length === "number" ? e.detail.length : -1);
    }
  });
  const frames = (n) => new Promise((resolve) => {
    const step = () => (n-- <= 0 ? resolve(performance.now()) : requestAnimationFrame(step));
    requestAnimationFrame(step);
  });
  bench.frames2 = () => frames(2);

  const logIndex = () => (window.__alpineEvents || []).reduce((max, e) => Math.max(max, e.index + 1), 0);
  bench.logIndex = logIndex;

  /** Resolves with the first app event named name (since the given log index) whose detail matches. */
  bench.waitEvent = (name, match, since, timeoutMs) => new Promise((resolve, reject) => {
    const matches = (e) => e.name === name && e.index >= since && Object.entries(match || {}).every(([k, v]) => e.detail && e.detail[k] === v);
    const found = () => (window.__alpineEvents || []).find(matches);
    const hit = found();
    if (hit) return resolve(hit);
    const onEvent = () => {
      const e = found();
      if (!e) return;
      cleanup();
      resolve(e);
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error("no alpine:" + name + " " + JSON.stringify(match) + " within " + timeoutMs + " ms"));
    }, timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      window.removeEventListener("alpine:" + name, onEvent);
    };
    window.addEventListener("alpine:" + name, onEvent);
  });

  const longTasksIn = (from, to) => bench.longTasks.filter((t) => t.start + t.duration > from && t.start < to);
  const summary = (from, to) => {
    const tasks = longTasksIn(from, to);
    return { ms: to - from, longTasks: tasks.length, maxLongTaskMs: tasks.reduce((m, t) => Math.max(m, t.duration), 0) };
  };
  const frameGaps = () => {
    const gaps = [];
    for (let i = 1; i < bench.frames.length; i++) gaps.push(bench.frames[i] - bench.frames[i - 1]);
    return gaps;
  };
  const record = (bench.record = (on) => {
    if (on) {
      bench.frames = [];
      bench.peakHeap = 0;
      bench.deltaTimes = [];
      bench.renderTimes = [];
      bench.deltaLengths = [];
      bench.renderLengths = [];
      bench.streamedChars = 0;
    }
    bench.recording = on;
    if (on && bench.watchFrames && !ticking) {
      ticking = true;
      requestAnimationFrame(tick);
    }
  });

  /** Click a conversation in the sidebar; time until the frame after it is shown. */
  bench.open = async (id, timeoutMs) => {
    const button = document.querySelector('[data-conversation-id="' + id + '"] .conversation-row__open');
    if (!button) throw new Error("no sidebar row for " + id);
    await frames(2);
    const since = logIndex();
    const start = performance.now();
    button.click();
    await bench.waitEvent("conversation-opened", { id }, since, timeoutMs);
    const end = await frames(1);
    return summary(start, end);
  };

  /**
   * The open's transport part alone: the same conversations:get request on a socket of our
   * own, timed to the reply's arrival, plus parsing the reply, and its size.
   */
  bench.fetchView = (id, timeoutMs) => new Promise((resolve, reject) => {
    const socket = new WebSocket("ws://" + location.host + "/ws");
    const timer = setTimeout(() => reject(new Error("no conversations:get reply within " + timeoutMs + " ms")), timeoutMs);
    let start = 0;
    socket.onopen = () => {
      start = performance.now();
      socket.send(JSON.stringify({ kind: "request", id: 1, channel: "conversations:get", args: { id } }));
    };
    socket.onmessage = (message) => {
      if (typeof message.data !== "string" || !message.data.includes('"response"')) return;
      const arrived = performance.now();
      const reply = JSON.parse(message.data);
      const parsed = performance.now();
      if (reply.kind !== "response" || reply.id !== 1) return;
      clearTimeout(timer);
      socket.close();
      if (!reply.result.ok) return reject(new Error("conversations:get failed: " + reply.result.error.message));
      resolve({ ms: arrived - start, parseMs: parsed - arrived, bytes: message.data.length, entries: reply.result.value.entries.length });
    };
    socket.onerror = () => reject(new Error("the socket to the host failed"));
  });

  /**
   * Scroll the conversation up to its first message, one step per frame, as a fast reader
   * would; earlier rows load as the window sees fit. Done when the first row on the page is
   * the conversation's first message (firstText) and the view is at the top.
   */
  bench.scrollToTop = async (stepPx, maxFrames, firstText) => {
    const scroller = document.querySelector(".conversation__scroller");
    if (!scroller) throw new Error("no conversation on screen");
    const atFirst = () => {
      if (scroller.scrollTop > 0) return false;
      const row = scroller.querySelector(".conversation__row");
      return !!row && row.textContent.includes(firstText);
    };
    record(true);
    const start = performance.now();
    let n = 0;
    while (n < maxFrames && !atFirst()) {
      // A turn of the wheel, as the person scrolls: the list leaves its end only for their input.
      scroller.dispatchEvent(new WheelEvent("wheel", { bubbles: true, deltaY: -stepPx }));
      scroller.scrollTop = Math.max(0, scroller.scrollTop - stepPx);
      scroller.dispatchEvent(new Event("scroll"));
      await frames(1);
      n++;
    }
    const end = performance.now();
    record(false);
    return { ...summary(start, end), frames: n, gaps: frameGaps(), reachedTop: atFirst(), rows: scroller.querySelectorAll(".conversation__row").length };
  };

  /**
   * An experiment, not the shipped window: rows the person cannot see skip style, layout and
   * paint (CSS content-visibility), added through the CSSOM so the page's policy allows it.
   */
  bench.skipOffscreenRows = () => {
    const sheet = [...document.styleSheets].find((candidate) => {
      try {
        return candidate.cssRules !== null;
      } catch {
        return false;
      }
    });
    if (!sheet) throw new Error("no style sheet to add the experiment's rule to");
    sheet.insertRule(".conversation__row { content-visibility: auto; contain-intrinsic-size: auto 160px; }", sheet.cssRules.length);
  };

  bench.scrollToBottom = async () => {
    const scroller = document.querySelector(".conversation__scroller");
    scroller.scrollTop = scroller.scrollHeight;
    scroller.dispatchEvent(new Event("scroll"));
    await frames(2);
  };

  /** Send the composer's text and follow the reply until the run ends. */
  // Sends the message typed and waits until its reply is shown whole; what was recorded is kept for
  // streamSummary(). Apart, so a suite that traces the page can stop its trace between the two:
  // the summary's own work (thousands of times made into objects, then serialized for the caller,
  // 50 ms and more of the page's main thread for a long reply) is not the app's.
  bench.stream = async (id, timeoutMs) => {
    const send = document.querySelector('button[aria-label="Send"]');
    if (!send) throw new Error("no Send button");
    await frames(2);
    const since = logIndex();
    record(true);
    const start = performance.now();
    send.click();
    await bench.waitEvent("run-ended", {}, since, timeoutMs);
    // The run's end counts whole: until the finished reply shows every block (a long one
    // puts the blocks above its end in the page in slices, see Markdown.tsx).
    while (document.querySelector(".markdown[aria-busy]")) {
      if (performance.now() - start > timeoutMs) throw new Error("the finished reply was still being put in the page after " + timeoutMs + " ms");
      await frames(1);
    }
    const end = await frames(2);
    // Marks the reply shown in a trace running meanwhile (a suite tells what comes after apart).
    console.timeStamp("${REPLY_SHOWN_STAMP}");
    record(false);
    bench.lastStream = { start, end };
    return true;
  };
  // The summary of the last stream(): its steps' long tasks, frame gaps, and the words' arrivals and renders.
  bench.streamSummary = () => {
    const { start, end } = bench.lastStream;
    const deltas = bench.deltaTimes;
    const renders = bench.renderTimes;
    // Streaming: from the first streamed words reaching the window to their last render.
    const streamStart = deltas.length ? deltas[0] : start;
    const streamEnd = renders.length ? Math.max(renders[renders.length - 1], deltas[deltas.length - 1]) : end;
    const streamFrames = bench.frames.filter((t) => t >= streamStart && t <= streamEnd);
    const streamGaps = [];
    for (let i = 1; i < streamFrames.length; i++) streamGaps.push(streamFrames[i] - streamFrames[i - 1]);
    // By the wall clock's milliseconds, so a delta can be timed from the model server's write too (delta-to-paint.ts).
    const clock = (t) => performance.timeOrigin + t;
    const arrivals = deltas.map((t, i) => ({ at: clock(t), chars: bench.deltaLengths[i] }));
    const epoch = { renderTimes: renders.map(clock), renderLengths: bench.renderLengths.slice(), shownAt: clock(end) };
    return { whole: summary(start, end), streaming: summary(streamStart, streamEnd), gaps: streamGaps, rendered: renders.length, deltas: deltas.length, arrivals, peakHeapMB: bench.peakHeap / 2 ** 20, epoch };
  };
  bench.sendAndStream = async (id, timeoutMs) => {
    await bench.stream(id, timeoutMs);
    return bench.streamSummary();
  };
})();
`;

export interface StepSummary {
  ms: number;
  longTasks: number;
  maxLongTaskMs: number;
}

export interface FetchSummary {
  /** Request sent to reply received: the host loads, builds and sends the view. */
  ms: number;
  parseMs: number;
  bytes: number;
  entries: number;
}

export interface ScrollSummary extends StepSummary {
  frames: number;
  gaps: number[];
  reachedTop: boolean;
  rows: number;
}

export interface StreamSummary {
  /** From the click on Send to the frames after the run ended (the view reloaded, the finished reply shown whole). */
  whole: StepSummary;
  /** From the first streamed words reaching the window to their last render. */
  streaming: StepSummary;
  /** Frame intervals while streaming. */
  gaps: number[];
  rendered: number;
  deltas: number;
  /** Each delta's arrival in the window by the wall clock (ms since 1970), with the characters streamed by then. */
  arrivals: StreamedDelta[];
  /** The largest JS heap seen at a frame while the reply streamed (garbage included; 0 unless `__bench.heapWatched`). */
  peakHeapMB: number;
  /** The streamed renders by the wall clock (ms since 1970), with the characters each showed, and when the finished reply was shown. */
  epoch: RendersByClock;
}

/** A streamed delta: when (ms since 1970), and how many characters the reply had then. */
export interface StreamedDelta {
  at: number;
  chars: number;
}

export interface RendersByClock {
  renderTimes: number[];
  renderLengths: number[];
  shownAt: number;
}
