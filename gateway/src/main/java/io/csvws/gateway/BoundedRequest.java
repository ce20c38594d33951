package io.csvws.gateway;

import java.io.IOException;
import javax.servlet.ReadListener;
import javax.servlet.ServletInputStream;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletRequestWrapper;

/**
 * A request whose body fails to read past a limit, for bodies sent without a length (chunked),
 * which cannot be refused up front.
 */
final class BoundedRequest extends HttpServletRequestWrapper {
  private final long limit;
  private long read;

  BoundedRequest(HttpServletRequest request, long limit) {
    super(request);
    this.limit = limit;
  }

  long bytesRead() {
    return read;
  }

  @Override
  public ServletInputStream getInputStream() throws IOException {
    ServletInputStream in = super.getInputStream();
    return new ServletInputStream() {
      @Override
      public int read() throws IOException {
        int c = in.read();
        if (c >= 0) {
          count(1);
        }
        return c;
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        int n = in.read(b, off, len);
        if (n > 0) {
          count(n);
        }
        return n;
      }

      @Override
      public boolean isFinished() {
        return in.isFinished();
      }

      @Override
      public boolean isReady() {
        return in.isReady();
      }

      @Override
      public void setReadListener(ReadListener listener) {
        in.setReadListener(listener);
      }
    };
  }

  /** The body went past the limit. */
  static final class TooLarge extends IOException {
    private static final long serialVersionUID = 1L;

    TooLarge(String message) {
      super(message);
    }
  }

  private void count(int n) throws IOException {
    read += n;
    if (read > limit) {
      throw new TooLarge("the request body is larger than " + limit + " bytes, the most this "
          + "gateway accepts (--max-request-bytes)");
    }
  }
}
