package io.csvws.scan;

import io.csvws.config.ConnectionConfig;
import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.metadata.RowIndex;
import io.csvws.metadata.TableMetadata;
import io.csvws.tokenizer.CsvTokenizer;
import io.csvws.workspace.NoLinkOpen;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.calcite.linq4j.function.Predicate1;

/**
 * A scan of a large file on several threads, with the rows in file order.
 *
 * <p>The file is cut into chunks of a few MB. Workers claim chunks in order, each read with its own
 * tokenizer and decoder, and hand rows over in batches through a queue per chunk; the consumer reads
 * the queues in chunk order, so rows come out exactly as a sequential scan produces them, and an
 * error surfaces after the rows before it. At most a few chunks past the one being consumed are
 * read ahead, so memory stays bounded whatever the file size.
 *
 * <p>Where records start is known when the file's {@link RowIndex} is: chunks then start at
 * indexed rows. Otherwise a chunk's start is a guess: the record after the first line break at or
 * after its nominal start, which is wrong only if that line break is inside a quoted value. A
 * chunk read from a guess reports where its first record starts; the consumer compares that with
 * where the previous chunk's last record ends, and reads the chunk again from the right place when
 * they differ. A tokenizer in the state between records holds nothing else, so a chunk whose first
 * record starts where the previous one's next record does is read exactly as a sequential scan
 * would read it. Row numbers are not known while guessing, so a guessed chunk that meets anything
 * to report (a ragged row, an invalid byte, a value that does not fit, a malformed record) stops
 * there, and the consumer reads it on from that record with its row number known. A scan that
 * needs row numbers ({@code _row}) therefore runs in parallel only once the index exists. A scan
 * from the first row to the last without an index leaves one behind.
 *
 * <p>The consumer side is not thread-safe, like every enumerator.
 */
final class ParallelRows implements RowSource {
  private static final int BATCH_ROWS = 1024;
  /** The first batch of the file is short, so the first rows arrive early. */
  private static final int FIRST_BATCH_ROWS = 64;
  /** Values per batch, so wide rows make short batches and memory stays bounded by width too. */
  private static final int BATCH_VALUES = 1 << 16;
  /** Chunks read ahead of the one being consumed, beyond one per worker. */
  private static final int SPARE_CHUNKS = 2;
  /** The offset of "no further record". */
  private static final long NONE = Long.MAX_VALUE;

  private final ScanPlan plan;
  private final TableMetadata metadata;
  private final ScanWorkers workers;
  private final ConnectionConfig config;
  /** Where the row index this scan builds goes once every chunk is read. */
  private final Consumer<RowIndex> keepIndex;
  private final Predicate1<Object[]> condition;
  /** Null, or the reduction each batch gets on the worker that read it. */
  private final PartialAggregation partial;
  private final QueryDiagnostics diagnostics;
  private final Interrupts interrupts;
  private final ScanProgress progress;
  private final FileChannel channel;
  private final long bom;
  private final int batchRows;
  /** Nominal start of every chunk; the next chunk's start is where a chunk's records end. */
  private final long[] chunkStart;
  private final Job[] firstJobs;
  private final AtomicInteger claimed = new AtomicInteger();
  private final Object window = new Object();
  private final int windowChunks;
  /** The row index this scan builds, or null when the file's is known. */
  private final RowIndex.Builder index;
  private volatile boolean stopped;
  /** The chunk being consumed. */
  private volatile int chunk;

  private Job job;
  /** Where the current chunk's first record must start, from the previous chunk. */
  private long expectedStart;
  /** The row number of the current chunk's first record. */
  private long firstRow = 1;
  private Object[] batch;
  private int batchSize;
  private int inBatch;
  private Object current;

  /** Whether a scan of this plan may run in parallel, given what is known of the file. */
  static boolean applies(ScanPlan plan, TableMetadata metadata, RowIndex index,
      ScanWorkers workers) {
    if (workers == null || workers.parallelism() < 2 || plan.firstRow() != 1
        || plan.lastRow() != Long.MAX_VALUE || plan.file().gzip()
        || !metadata.encoding().asciiCompatible()
        || metadata.fingerprint().size() < workers.minBytes()) {
      return false;
    }
    return index != null ? index.size() > 1 : !plan.readsRowNumber();
  }

  /**
   * @param known the file's row index, or null to guess where chunks start and build one
   * @param workers the threads that read chunks (see {@link #applies})
   * @param config the settings rows are decoded with
   * @param keepIndex where the index built goes when {@code known} is null
   * @param partial null, or how to reduce each batch of rows to partial aggregates
   */
  ParallelRows(ScanPlan plan, TableMetadata metadata, RowIndex known, ScanWorkers workers,
      ConnectionConfig config, Consumer<RowIndex> keepIndex, Predicate1<Object[]> condition,
      PartialAggregation partial, QueryDiagnostics diagnostics, Interrupts interrupts,
      ScanProgress progress) throws IOException {
    this.plan = plan;
    this.workers = workers;
    this.config = config;
    this.keepIndex = keepIndex;
    this.progress = progress;
    this.metadata = metadata;
    this.condition = condition;
    this.partial = partial;
    this.diagnostics = diagnostics;
    this.interrupts = interrupts;
    this.bom = metadata.encoding().bomLength();
    this.batchRows = Math.max(1, Math.min(BATCH_ROWS,
        BATCH_VALUES / Math.max(1, plan.columnsShared().length)));
    int chunkBytes = workers.chunkBytes();
    // The first row of every chunk where the index says it; 0 where it is guessed.
    long[] chunkFirstRow;
    if (known != null) {
      List<Integer> starts = new ArrayList<>();
      starts.add(0);
      for (int k = 1; k < known.size(); k++) {
        if (known.offset(k) - known.offset(starts.get(starts.size() - 1)) >= chunkBytes) {
          starts.add(k);
        }
      }
      chunkStart = new long[starts.size()];
      chunkFirstRow = new long[starts.size()];
      for (int c = 0; c < starts.size(); c++) {
        chunkStart[c] = known.offset(starts.get(c));
        chunkFirstRow[c] = known.row(starts.get(c));
      }
      index = null;
    } else {
      long bytes = Math.max(1, metadata.fingerprint().size() - bom);
      int chunks = (int) Math.min(Integer.MAX_VALUE - 8, (bytes + chunkBytes - 1) / chunkBytes);
      chunkStart = new long[chunks];
      chunkFirstRow = new long[chunks];
      for (int c = 0; c < chunks; c++) {
        chunkStart[c] = (long) c * chunkBytes;
      }
      chunkFirstRow[0] = 1;
      index = new RowIndex.Builder();
    }
    firstJobs = new Job[chunkStart.length];
    for (int c = 0; c < firstJobs.length; c++) {
      firstJobs[c] = new Job(c, chunkStart[c], chunkFirstRow[c], 0);
    }
    expectedStart = chunkStart[0];
    job = firstJobs[0];
    this.channel = NoLinkOpen.fileChannel(plan.file().path(), plan.file().relativePath());
    int threads = Math.min(workers.parallelism(), chunkStart.length);
    this.windowChunks = threads + SPARE_CHUNKS;
    for (int w = 0; w < threads; w++) {
      workers.submit(this::work);
    }
  }

  /**
   * One read of (the rest of) a chunk.
   *
   * @param chunk the chunk
   * @param start where to start reading: a record start when {@code firstRow} is known, else the
   *     chunk's nominal start, from where the first line break is sought
   * @param firstRow the row number of the first record read, or 0 when it is a guess
   * @param recordsBefore records of the chunk before {@code start}
   */
  private final class Job {
    final int chunk;
    final long start;
    final long firstRow;
    final long recordsBefore;
    final BlockingQueue<Object> queue = new LinkedBlockingQueue<>();
    volatile boolean abandoned;

    Job(int chunk, long start, long firstRow, long recordsBefore) {
      this.chunk = chunk;
      this.start = start;
      this.firstRow = firstRow;
      this.recordsBefore = recordsBefore;
    }

    boolean guessed() {
      return firstRow == 0;
    }

    long end() {
      return chunk + 1 < chunkStart.length ? chunkStart[chunk + 1] : NONE;
    }
  }

  /** Where a job's first record starts; the first item of its queue. */
  private record Started(long offset) {
  }

  /** Rows decoded by a worker, in file order. */
  private record Batch(Object[] rows, int size) {
  }

  /**
   * The end of a chunk.
   *
   * @param records the chunk's records, counting those before the job's start
   * @param next where the record after the chunk starts, or {@link #NONE}
   * @param rows the chunk-relative numbers of records whose offsets the job kept
   * @param offsets their offsets
   */
  private record Ended(long records, long next, long[] rows, long[] offsets) {
  }

  /**
   * A job that stopped at a failure, after delivering the rows before it.
   *
   * @param started whether the job had reported where its first record starts
   * @param resumeAt where an exact read would go on: a record start, or the end of the record
   *     before it
   * @param recordsBefore the chunk's records before {@code resumeAt}
   */
  private record Failed(Throwable cause, boolean started, long resumeAt, long recordsBefore) {
  }

  /** A worker: reads chunks in turn until none are left or the scan stops. */
  private void work() {
    while (!stopped) {
      int c = claimed.getAndIncrement();
      if (c >= firstJobs.length || !awaitWindow(c)) {
        return;
      }
      run(firstJobs[c]);
    }
  }

  /** Waits until chunk {@code c} is close enough to the consumer; false if the scan stopped. */
  private boolean awaitWindow(int c) {
    synchronized (window) {
      while (!stopped && c >= chunk + windowChunks) {
        try {
          window.wait(100);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return false;
        }
      }
    }
    return !stopped;
  }

  private void run(Job j) {
    boolean guessed = j.guessed();
    RowDecoder decoder = new RowDecoder(plan, metadata, config, condition, diagnostics, guessed);
    PartialAggregation.Reducer reducer = partial == null ? null : partial.reducer();
    // Reduced straight from the tokenizer, without a row per record, while that pays.
    boolean direct = reducer != null;
    boolean header = metadata.dialect().header();
    long end = j.end();
    boolean keepOffsets = index != null;
    long[] keptRows = new long[16];
    long[] keptOffsets = new long[16];
    int kept = 0;
    int limit = j.chunk == 0 ? Math.min(FIRST_BATCH_ROWS, batchRows) : batchRows;
    Object[] rows = direct ? null : new Object[limit];
    int n = 0;
    long records = j.recordsBefore;
    boolean started = false;
    long resumeAt = j.start;
    long resumeRecords = records;
    long next = NONE;
    try (CsvTokenizer t = new CsvTokenizer(new Range(guessed ? j.start - 1 : j.start),
        plan.file().relativePath(), metadata.dialect().syntax(), decoder.fields(),
        config.maxRecordBytes())) {
      if (guessed) {
        t.resumeAt(j.start - 1, 0);
        t.skipLines(1);
      } else if (j.start == 0 && j.firstRow == 1) {
        t.skipLines(metadata.dialect().skipLines());
        if (header) {
          t.next();
        }
      } else {
        t.resumeAt(j.start, j.firstRow - 1 + (header ? 1 : 0));
      }
      while (!stopped && !j.abandoned) {
        resumeRecords = records;
        boolean more = t.next();
        long offset = more ? t.recordOffset() : NONE;
        if (!started) {
          j.queue.add(new Started(offset));
          started = true;
        }
        if (offset >= end) {
          next = offset;
          break;
        }
        records++;
        long row = guessed ? records : j.firstRow + (records - j.recordsBefore) - 1;
        if (keepOffsets
            && (records == j.recordsBefore + 1 || (records - 1) % RowIndex.STRIDE == 0)) {
          if (kept == keptRows.length) {
            keptRows = Arrays.copyOf(keptRows, kept * 2);
            keptOffsets = Arrays.copyOf(keptOffsets, kept * 2);
          }
          keptRows[kept] = records;
          keptOffsets[kept++] = offset;
        }
        resumeAt = offset;
        resumeRecords = records - 1;
        if (direct) {
          if (decoder.accepts(t, row)) {
            reducer.add(decoder, t, row);
            n++;
          }
        } else {
          Object r = decoder.read(t, row);
          if (r != RowDecoder.REJECTED) {
            rows[n++] = r;
          }
        }
        resumeAt = t.endOffset();
        if (n == limit || (records & (BATCH_ROWS - 1)) == 0) {
          interrupts.check(row);
          if (n > 0) {
            j.queue.add(batch(reducer, direct, rows, n));
            n = 0;
            limit = batchRows;
            direct = reducer != null && reducer.reducing();
            rows = direct ? null : new Object[limit];
          }
        }
      }
      if (n > 0) {
        j.queue.add(batch(reducer, direct, rows, n));
        n = 0;
      }
      j.queue.add(new Ended(records, next, Arrays.copyOf(keptRows, kept),
          Arrays.copyOf(keptOffsets, kept)));
    } catch (RuntimeException | IOException | Error e) {
      // Rows before a failure are delivered first, as a sequential scan would.
      if (n > 0) {
        j.queue.add(batch(reducer, direct, rows, n));
      }
      j.queue.add(new Failed(e, started, resumeAt, resumeRecords));
    }
  }

  /**
   * A batch of decoded rows, reduced to partial aggregates when the query groups them; when
   * {@code direct}, the reducer's own records instead of {@code rows}.
   */
  private static Batch batch(PartialAggregation.Reducer reducer, boolean direct, Object[] rows,
      int n) {
    if (reducer == null) {
      return new Batch(rows, n);
    }
    Object[] reduced = direct ? reducer.flush() : reducer.apply(rows, n);
    return new Batch(reduced, reduced.length);
  }

  @Override
  public boolean next() throws IOException {
    while (true) {
      if (batch != null && inBatch < batchSize) {
        current = batch[inBatch];
        batch[inBatch++] = null;
        return true;
      }
      if (stopped) {
        return false;
      }
      if (chunk >= chunkStart.length) {
        close();
        rememberIndex();
        return false;
      }
      Object item = take(job.queue);
      if (item instanceof Batch b) {
        // Workers waiting for a slow consumer check nothing, and an operator above may never
        // show rows to the client (a sort, a join): the consumer checks for itself.
        checkInterrupts();
        batch = b.rows();
        batchSize = b.size();
        inBatch = 0;
      } else if (item instanceof Started s) {
        if (job.guessed() && s.offset() != expectedStart) {
          // The guess started inside a quoted value: read the chunk from where it really starts.
          retry(expectedStart, 0);
        }
      } else if (item instanceof Ended e) {
        endChunk(e);
      } else {
        Failed f = (Failed) item;
        if (!job.guessed() || f.cause() instanceof Error) {
          close();
          throw failure(f.cause());
        }
        if (f.started()) {
          retry(f.resumeAt(), f.recordsBefore());
        } else {
          retry(expectedStart, 0);
        }
      }
    }
  }

  /** Replaces the current job by an exact read of its chunk from {@code start}. */
  private void retry(long start, long recordsBefore) {
    job.abandoned = true;
    Job exact = new Job(job.chunk, start, firstRow + recordsBefore, recordsBefore);
    job = exact;
    workers.submit(() -> run(exact));
  }

  private void endChunk(Ended e) {
    if (index != null) {
      for (int k = 0; k < e.rows().length; k++) {
        index.add(firstRow - 1 + e.rows()[k], e.offsets()[k]);
      }
    }
    firstRow += e.records();
    expectedStart = e.next();
    progress.at(e.next() == NONE ? Long.MAX_VALUE : bom + e.next(), firstRow - 1);
    synchronized (window) {
      chunk++;
      window.notifyAll();
    }
    if (chunk < firstJobs.length) {
      job = firstJobs[chunk];
    }
  }

  private void checkInterrupts() {
    try {
      interrupts.check(firstRow);
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  private Object take(BlockingQueue<Object> queue) {
    try {
      while (true) {
        Object item = queue.poll(100, TimeUnit.MILLISECONDS);
        if (item != null) {
          return item;
        }
        interrupts.check(firstRow);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      close();
      throw new CsvwsException(ErrorCode.CANCELLED, "Reading " + plan.file().relativePath()
          + " was interrupted.", e);
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  private static RuntimeException failure(Throwable t) throws IOException {
    if (t instanceof IOException) {
      throw (IOException) t;
    }
    if (t instanceof Error) {
      throw (Error) t;
    }
    return (RuntimeException) t;
  }

  /** After reading every chunk: keeps the row index built, unless the file changed meanwhile. */
  private void rememberIndex() {
    if (index != null) {
      keepIndex.accept(index.build(metadata.fingerprint(), firstRow - 1));
    }
  }

  @Override
  public Object current() {
    return current;
  }

  @Override
  public void close() {
    if (stopped) {
      return;
    }
    stopped = true;
    progress.finish(firstRow - 1);
    synchronized (window) {
      window.notifyAll();
    }
    try {
      channel.close();
    } catch (IOException e) {
      // A read-only channel: closing it loses nothing.
    }
  }

  /** The bytes from one offset to the end, read with positional reads so workers share a channel. */
  private final class Range extends InputStream {
    private long position;

    Range(long start) {
      this.position = start;
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (position == NONE) {
        return -1;
      }
      int read = channel.read(ByteBuffer.wrap(b, off, len), bom + position);
      if (read > 0) {
        position += read;
      }
      return read;
    }
  }
}
