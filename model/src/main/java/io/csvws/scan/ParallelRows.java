package io.csvws.scan;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.metadata.RowIndex;
import io.csvws.metadata.TableMetadata;
import io.csvws.tokenizer.CsvTokenizer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.calcite.linq4j.function.Predicate1;

/**
 * A scan of a large file on several threads, once its row index says where records start.
 *
 * <p>The file is cut into chunks of whole records at indexed offsets. Workers take chunks in turn
 * (worker w reads chunks w, w + W, w + 2W...), each with its own tokenizer and decoder, and hand
 * rows over in batches through a small queue per chunk. The consumer reads the chunks' queues in
 * file order, so rows come out exactly as a sequential scan would produce them, and errors surface
 * at the row where they occur. Memory stays bounded: at most a few batches per worker are in
 * flight, whatever the file size.
 *
 * <p>The consumer side is not thread-safe, like every enumerator.
 */
final class ParallelRows implements RowSource {
  /** Files smaller than this are read by one thread: starting workers would cost more. */
  static final long MIN_BYTES = 32L << 20;
  private static final long CHUNK_BYTES = 8L << 20;
  private static final int BATCH_ROWS = 1024;
  /** Values per batch, so wide rows make short batches and memory stays bounded by width too. */
  private static final int BATCH_VALUES = 1 << 16;
  private static final int BATCHES_PER_CHUNK = 4;
  private static final Object END = new Object();

  private final ScanPlan plan;
  private final TableMetadata metadata;
  private final Predicate1<Object[]> condition;
  private final QueryDiagnostics diagnostics;
  private final Interrupts interrupts;
  private final FileChannel channel;
  private final long base;
  /** First row, start offset and end offset of every chunk; the last chunk ends at the file end. */
  private final long[] chunkFirstRow;
  private final long[] chunkStart;
  private final long[] chunkEnd;
  private final List<BlockingQueue<Object>> queues = new ArrayList<>();
  private final int batchRows;
  private volatile boolean stopped;

  private int chunk;
  private Object[] batch;
  private int batchSize;
  private int inBatch;
  private Object current;

  /** Whether a scan of this plan may run in parallel, given what is known of the file. */
  static boolean applies(ScanPlan plan, TableMetadata metadata, RowIndex index) {
    return plan.workers() != null && plan.workers().parallelism() > 1 && index != null
        && plan.firstRow() == 1 && plan.lastRow() == Long.MAX_VALUE && !plan.file().gzip()
        && metadata.encoding().asciiCompatible()
        && metadata.fingerprint().size() >= MIN_BYTES
        && index.offsets().length > 1;
  }

  ParallelRows(ScanPlan plan, TableMetadata metadata, RowIndex index,
      Predicate1<Object[]> condition, QueryDiagnostics diagnostics, Interrupts interrupts)
      throws IOException {
    this.plan = plan;
    this.metadata = metadata;
    this.condition = condition;
    this.diagnostics = diagnostics;
    this.interrupts = interrupts;
    this.base = metadata.encoding().bomLength();
    this.batchRows = Math.max(1, Math.min(BATCH_ROWS,
        BATCH_VALUES / Math.max(1, plan.columnsShared().length)));
    long[] offsets = index.offsets();
    long bytes = metadata.fingerprint().size();
    long perStride = Math.max(1, bytes / offsets.length);
    int stridesPerChunk = (int) Math.max(1, CHUNK_BYTES / perStride);
    int chunks = (offsets.length + stridesPerChunk - 1) / stridesPerChunk;
    chunkFirstRow = new long[chunks];
    chunkStart = new long[chunks];
    chunkEnd = new long[chunks];
    for (int c = 0; c < chunks; c++) {
      int first = c * stridesPerChunk;
      chunkFirstRow[c] = (long) first * index.stride() + 1;
      chunkStart[c] = offsets[first];
      chunkEnd[c] = c + 1 < chunks ? offsets[first + stridesPerChunk] : Long.MAX_VALUE;
      queues.add(new ArrayBlockingQueue<>(BATCHES_PER_CHUNK + 1));
    }
    this.channel = FileChannel.open(plan.file().path(), StandardOpenOption.READ);
    int workers = Math.min(plan.workers().parallelism(), chunks);
    for (int w = 0; w < workers; w++) {
      final int first = w;
      plan.workers().submit(() -> work(first, workers));
    }
  }

  /** A worker: decodes chunks {@code first}, {@code first + step}, ... into their queues. */
  private void work(int first, int step) {
    RowDecoder decoder = new RowDecoder(plan, metadata, condition, diagnostics);
    for (int c = first; c < chunkStart.length && !stopped; c += step) {
      BlockingQueue<Object> queue = queues.get(c);
      try {
        readChunk(c, decoder, queue);
        put(queue, END);
      } catch (RuntimeException | IOException | Error e) {
        put(queue, e);
        return;
      }
    }
  }

  private void readChunk(int c, RowDecoder decoder, BlockingQueue<Object> queue)
      throws IOException {
    long row = chunkFirstRow[c] - 1;
    try (CsvTokenizer t = new CsvTokenizer(new Range(chunkStart[c], chunkEnd[c]),
        plan.file().relativePath(), metadata.dialect().syntax(), decoder.fields(),
        plan.config().maxRecordBytes())) {
      t.resumeAt(chunkStart[c], row + (metadata.dialect().header() ? 1 : 0));
      Object[] rows = new Object[batchRows];
      int n = 0;
      try {
        while (!stopped && t.next()) {
          row++;
          Object r = decoder.read(t, row);
          if (r != RowDecoder.REJECTED) {
            rows[n++] = r;
          }
          if (n == batchRows || (row & (BATCH_ROWS - 1)) == 0) {
            interrupts.check(row);
            if (n > 0) {
              put(queue, new Batch(rows, n));
              rows = new Object[batchRows];
              n = 0;
            }
          }
        }
      } finally {
        // Rows before a failure are delivered first, as a sequential scan would.
        if (n > 0) {
          put(queue, new Batch(rows, n));
        }
      }
    }
  }

  /** Puts unless the scan was stopped: a stopped consumer no longer drains the queue. */
  private void put(BlockingQueue<Object> queue, Object item) {
    try {
      while (!stopped && !queue.offer(item, 50, TimeUnit.MILLISECONDS)) {
        // Wait for the consumer; re-check that it still wants rows.
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stopped = true;
    }
  }

  /** Rows decoded by a worker, in file order. */
  private record Batch(Object[] rows, int size) {
  }

  @Override
  public boolean next() throws IOException {
    while (true) {
      if (batch != null && inBatch < batchSize) {
        current = batch[inBatch];
        batch[inBatch++] = null;
        return true;
      }
      if (stopped || chunk >= chunkStart.length) {
        close();
        return false;
      }
      Object item = take(queues.get(chunk));
      if (item == END) {
        queues.set(chunk, null);
        chunk++;
      } else if (item instanceof Batch) {
        Batch b = (Batch) item;
        batch = b.rows();
        batchSize = b.size();
        inBatch = 0;
      } else {
        close();
        throw failure((Throwable) item);
      }
    }
  }

  private Object take(BlockingQueue<Object> queue) {
    try {
      while (true) {
        Object item = queue.poll(100, TimeUnit.MILLISECONDS);
        if (item != null) {
          return item;
        }
        interrupts.check(chunkFirstRow[chunk]);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      close();
      throw new CsvwsException(ErrorCode.CANCELLED, "Reading " + plan.file().relativePath()
          + " was interrupted.", e);
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
    try {
      channel.close();
    } catch (IOException e) {
      // A read-only channel: closing it loses nothing.
    }
  }

  /** The bytes of one chunk, read with positional reads so workers share one channel. */
  private final class Range extends InputStream {
    private long position;
    private final long end;

    Range(long start, long end) {
      this.position = start;
      this.end = end;
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (position >= end) {
        return -1;
      }
      int n = (int) Math.min(len, end - position);
      int read = channel.read(ByteBuffer.wrap(b, off, n), base + position);
      if (read > 0) {
        position += read;
      }
      return read;
    }
  }
}
