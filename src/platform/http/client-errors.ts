import type { Socket } from 'node:net';

const ANSWERS: Record<string, [number, string, string, string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    'rest_request_header_too_large',
    'The request line or headers are larger than the server accepts (16 KiB).',
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [
    408,
    'Request Timeout',
    'rest_request_timeout',
    'The request took too long to arrive.',
  ],
};
const MALFORMED: [number, string, string, string] = [
  400,
  'Bad Request',
  'rest_bad_request',
  'The request is not valid HTTP.',
];

/**
 * Answers a request node's HTTP parser refused before Fastify saw it (oversized request line or headers,
 * malformed HTTP, timeout) in the WordPress error shape, then closes the connection.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, code, message] = ANSWERS[error.code ?? ''] ?? MALFORMED;
  if (socket.writable) {
    const body = JSON.stringify({ code, message, data: { status } });
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=UTF-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
