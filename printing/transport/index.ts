/** Printer transports: TCP 9100 and device files, their status and errors. */
export * from './types.js';
export * from './status.js';
export { tcpTransport, socketErrorCode, type TcpTransport, type TcpTransportOptions } from './tcp.js';
export { deviceTransport, deviceErrorCode, type DeviceTransport, type DeviceTransportOptions } from './device.js';
