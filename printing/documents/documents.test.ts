import { describe, expect, it } from 'vitest';
import { decodeEscPos } from '../../tools/printer-emulator/decode.js';
import { renderEscPos } from '../escpos.js';
import { asReprint, type PrintDocument, type PrinterProfile } from '../layout.js';
import { previewText } from '../preview.js';
import { parseReceiptQr, verifyReceiptCheck } from '../check.js';
import { ANNOUNCEMENT, CARD_REFUND, GUIA, linesOf, PAYOUT, REFUND, SALE, SELLER_SETTLEMENT, SOFTWARE, X_MOVEMENTS, X_REPORT, Z_REPORT } from '../../test/fixtures/documents.js';
import {
  announcementSlip,
  cardRefundReceipt,
  formatHallDate,
  formatHallDateTime,
  guia,
  guiaCopies,
  prizePayout,
  rangeText,
  refundReceipt,
  saleReceipt,
  sellerSettlementSlip,
  testPage,
  xReport,
  zReport,
} from './index.js';

const WIDTHS = [58, 80] as const;
const CODEPAGES = ['cp1252', 'cp858'] as const;
const DRAWER = { pin: 2, onMs: 100, offMs: 500 } as const;

function profile(codepage: PrinterProfile['codepage'], widthMm: PrinterProfile['widthMm'], drawer = true): PrinterProfile {
  return drawer ? { codepage, widthMm, drawer: { ...DRAWER } } : { codepage, widthMm };
}

/** The exact lines on paper of every document, on both widths (the same on both code pages). */
const EXPECTED: Record<string, Record<58 | 80, string[]>> = {
  sale: {
    58: [
      '        Bingo do Rossio',
      '      Licença: n.º 7/2019',
      '--------------------------------',
      '        RECIBO DE VENDA',
      'Recibo n.º                  1234',
      'Data            05/07/2025 21:14',
      'Sessão n.º                    12',
      'Jogada n.º                     7',
      'Terminal                 CAIXA-1',
      '--------------------------------',
      'Série A: n.º 271 a 275',
      'Série B: n.º 1 a 3',
      '8 cartões x 2,50 €       20,00 €',
      '--------------------------------',
      'TOTAL    20,00 €',
      'Valor entregue           50,00 €',
      'Troco                    30,00 €',
      'Pagamento              numerário',
      '--------------------------------',
      'Operador              Maria João',
      '',
      '[QR: BINGO|n.o 7/2019|V1234|1F3FDC9B]',
      '         V1234-1F3FDC9B',
      '',
      '  Guarde este recibo: é pedido',
      'para a devolução se a jogada for',
      '            anulada.',
      '',
      '  Programa: bingo-caixa-kiosk',
      '      0.1.0 (e2add13a8618)',
    ],
    80: [
      '                Bingo do Rossio',
      '              Licença: n.º 7/2019',
      '------------------------------------------------',
      '                RECIBO DE VENDA',
      'Recibo n.º                                  1234',
      'Data                            05/07/2025 21:14',
      'Sessão n.º                                    12',
      'Jogada n.º                                     7',
      'Terminal                                 CAIXA-1',
      '------------------------------------------------',
      'Série A: n.º 271 a 275',
      'Série B: n.º 1 a 3',
      '8 cartões x 2,50 €                       20,00 €',
      '------------------------------------------------',
      'TOTAL            20,00 €',
      'Valor entregue                           50,00 €',
      'Troco                                    30,00 €',
      'Pagamento                              numerário',
      '------------------------------------------------',
      'Operador                              Maria João',
      '',
      '[QR: BINGO|n.o 7/2019|V1234|1F3FDC9B]',
      '                 V1234-1F3FDC9B',
      '',
      'Guarde este recibo: é pedido para a devolução se',
      '             a jogada for anulada.',
      '',
      'Programa: bingo-caixa-kiosk 0.1.0 (e2add13a8618)',
    ],
  },
  payout: {
    58: [
      '        Bingo do Rossio',
      '      Licença: n.º 7/2019',
      '--------------------------------',
      '      PAGAMENTO DE PRÉMIO',
      'Pagamento n.º                 88',
      'Data            05/07/2025 21:41',
      'Sessão n.º                    12',
      'Jogada n.º                     7',
      'Terminal                 CAIXA-1',
      '--------------------------------',
      'Prémio                     Bingo',
      'Cartão premiado  Série A n.º 273',
      'Prémio repartido por 2 cartões',
      '(art. 9.º n.º 2)',
      '--------------------------------',
      'VALOR   123,45 €',
      'Pago em                numerário',
      'Pago por              Maria João',
      '--------------------------------',
      'Cartão premiado guardado até',
      '13/07/2025',
      '',
      '',
      '________________________',
      'Assinatura do premiado',
      '',
      '  Programa: bingo-caixa-kiosk',
      '      0.1.0 (e2add13a8618)',
    ],
    80: [
      '                Bingo do Rossio',
      '              Licença: n.º 7/2019',
      '------------------------------------------------',
      '              PAGAMENTO DE PRÉMIO',
      'Pagamento n.º                                 88',
      'Data                            05/07/2025 21:41',
      'Sessão n.º                                    12',
      'Jogada n.º                                     7',
      'Terminal                                 CAIXA-1',
      '------------------------------------------------',
      'Prémio                                     Bingo',
      'Cartão premiado                  Série A n.º 273',
      'Prémio repartido por 2 cartões (art. 9.º n.º 2)',
      '------------------------------------------------',
      'VALOR           123,45 €',
      'Pago em                                numerário',
      'Pago por                              Maria João',
      '------------------------------------------------',
      'Cartão premiado guardado até 13/07/2025',
      '',
      '',
      '________________________',
      'Assinatura do premiado',
      '',
      'Programa: bingo-caixa-kiosk 0.1.0 (e2add13a8618)',
    ],
  },
  refund: {
    58: [
      '        Bingo do Rossio',
      '      Licença: n.º 7/2019',
      '--------------------------------',
      '           DEVOLUÇÃO',
      'Venda n.º                   1234',
      'Data            01/12/2025 23:05',
      'Sessão n.º                    12',
      'Jogada n.º                     7',
      '--------------------------------',
      'Jogada n.º 7 anulada (art. 16.º)',
      'Avaria antes da extração',
      '(art. 16.º n.º 1)',
      'Série A: n.º 271 a 275',
      'Cartões                5 cartões',
      '--------------------------------',
      'VALOR    12,50 €',
      'Devolução integral, sem dedução',
      '(art. 16.º n.º 3).',
      'Pago por           Rui Gonçalves',
      '',
      '',
      '________________________',
      'Assinatura do jogador',
      '',
      '  Programa: bingo-caixa-kiosk',
      '      0.1.0 (e2add13a8618)',
    ],
    80: [
      '                Bingo do Rossio',
      '              Licença: n.º 7/2019',
      '------------------------------------------------',
      '                   DEVOLUÇÃO',
      'Venda n.º                                   1234',
      'Data                            01/12/2025 23:05',
      'Sessão n.º                                    12',
      'Jogada n.º                                     7',
      '------------------------------------------------',
      'Jogada n.º 7 anulada (art. 16.º)',
      'Avaria antes da extração (art. 16.º n.º 1)',
      'Série A: n.º 271 a 275',
      'Cartões                                5 cartões',
      '------------------------------------------------',
      'VALOR            12,50 €',
      'Devolução integral, sem dedução (art. 16.º',
      'n.º 3).',
      'Pago por                           Rui Gonçalves',
      '',
      '',
      '________________________',
      'Assinatura do jogador',
      '',
      'Programa: bingo-caixa-kiosk 0.1.0 (e2add13a8618)',
    ],
  },
  guiaCaixa: {
    58: [
      '        Bingo do Rossio',
      '      Licença: n.º 7/2019',
      '--------------------------------',
      '       GUIA DE PAGAMENTO',
      '       Exemplar da caixa',
      'Guia n.º                     501',
      'Data            05/07/2025 23:00',
      'Emitida por               Ana Sá',
      '--------------------------------',
      'Máquina n.º               M-0042',
      'Modelo           Novomatic FV880',
      'Localização       Sala 2, fila 3',
      'Tipo                     Jackpot',
      'Contador de entradas     1234567',
      'Contador de prémios       987654',
      'Contador de recolhas       45678',
      '--------------------------------',
      'VALOR 2 500,00 €',
      'Numerário               500,00 €',
      'Cheque n.º 0001234    2 000,00 €',
      'Banco: Caixa Geral de Depósitos',
      'Cheque a favor de     João Pires',
      'Cruzado',
      'Não à ordem',
      'Pago por                  Ana Sá',
      'Pago em         05/07/2025 23:03',
      '[QR: GUIA|501]',
      '',
      '',
      '________________________',
      'Assinatura do jogador',
      '',
      '',
      '________________________',
      'Assinatura do caixa',
      '',
      '  Programa: bingo-caixa-kiosk',
      '      0.1.0 (e2add13a8618)',
    ],
    80: [
      '                Bingo do Rossio',
      '              Licença: n.º 7/2019',
      '------------------------------------------------',
      '               GUIA DE PAGAMENTO',
      '               Exemplar da caixa',
      'Guia n.º                                     501',
      'Data                            05/07/2025 23:00',
      'Emitida por                               Ana Sá',
      '------------------------------------------------',
      'Máquina n.º                               M-0042',
      'Modelo                           Novomatic FV880',
      'Localização                       Sala 2, fila 3',
      'Tipo                                     Jackpot',
      'Contador de entradas                     1234567',
      'Contador de prémios                       987654',
      'Contador de recolhas                       45678',
      '------------------------------------------------',
      'VALOR         2 500,00 €',
      'Numerário                               500,00 €',
      'Cheque n.º 0001234                    2 000,00 €',
      'Banco: Caixa Geral de Depósitos',
      'Cheque a favor de                     João Pires',
      'Cruzado',
      'Não à ordem',
      'Pago por                                  Ana Sá',
      'Pago em                         05/07/2025 23:03',
      '[QR: GUIA|501]',
      '',
      '',
      '________________________',
      'Assinatura do jogador',
      '',
      '',
      '________________________',
      'Assinatura do caixa',
      '',
      'Programa: bingo-caixa-kiosk 0.1.0 (e2add13a8618)',
    ],
  },
  guiaJogador: {
    58: [
      '        Bingo do Rossio',
      '      Licença: n.º 7/2019',
      '--------------------------------',
      '       GUIA DE PAGAMENTO',
      '      Exemplar do jogador',
      'Guia n.º                     501',
      'Data            05/07/2025 23:00',
      'Emitida por               Ana Sá',
      '--------------------------------',
      'Máquina n.º               M-0042',
      'Modelo           Novomatic FV880',
      'Localização       Sala 2, fila 3',
      'Tipo                     Jackpot',
      'Contador de entradas     1234567',
      'Contador de prémios       987654',
      'Contador de recolhas       45678',
      '--------------------------------',
      'VALOR 2 500,00 €',
      'Numerário               500,00 €',
      'Cheque n.º 0001234    2 000,00 €',
      'Banco: Caixa Geral de Depósitos',
      'Cheque nominativo',
      'Cruzado',
      'Não à ordem',
      'Pago por                  Ana Sá',
      'Pago em         05/07/2025 23:03',
      '[QR: GUIA|501]',
      '',
      '',
      '________________________',
      'Assinatura do jogador',
      '',
      '',
      '________________________',
      'Assinatura do caixa',
      '',
      '  Programa: bingo-caixa-kiosk',
      '      0.1.0 (e2add13a8618)',
    ],
    80: [
      '                Bingo do Rossio',
      '              Licença: n.º 7/2019',
      '------------------------------------------------',
      '               GUIA DE PAGAMENTO',
      '              Exemplar do jogador',
      'Guia n.º                                     501',
      'Data                            05/07/2025 23:00',
      'Emitida por                               Ana Sá',
      '------------------------------------------------',
      'Máquina n.º                               M-0042',
      'Modelo                           Novomatic FV880',
      'Localização                       Sala 2, fila 3',
      'Tipo                                     Jackpot',
      'Contador de entradas                     1234567',
      'Contador de prémios                       987654',
      'Contador de recolhas                       45678',
      '------------------------------------------------',
      'VALOR         2 500,00 €',
      'Numerário                               500,00 €',
      'Cheque n.º 0001234                    2 000,00 €',
      'Banco: Caixa Geral de Depósitos',
      'Cheque nominativo',
      'Cruzado',
      'Não à ordem',
      'Pago por                                  Ana Sá',
      'Pago em                         05/07/2025 23:03',
      '[QR: GUIA|501]',
      '',
      '',
      '________________________',
      'Assinatura do jogador',
      '',
      '',
      '________________________',
      'Assinatura do caixa',
      '',
      'Programa: bingo-caixa-kiosk 0.1.0 (e2add13a8618)',
    ],
  },
  xReport: {
    58: [
      '        Bingo do Rossio',
      '--------------------------------',
      '          RELATÓRIO X',
      '       Não fecha a gaveta',
      'Terminal                 CAIXA-1',
      'Gaveta n.º                    31',
      'Turno                      Noite',
      'Operador              Maria João',
      'Aberta em       05/07/2025 19:00',
      'Data            05/07/2025 22:30',
      '--------------------------------',
      'Fundo de caixa          200,00 €',
      'Entradas',
      '  Vendas              1 500,00 €',
      '  Entradas de numerário 100,00 €',
      'Saídas',
      '  Prémios               600,00 €',
      '  Devoluções             12,50 €',
      '  Guias                 500,00 €',
      '  Saídas de numerário    50,00 €',
      '--------------------------------',
      'Esperado na gaveta      637,50 €',
      '',
      '  Programa: bingo-caixa-kiosk',
      '      0.1.0 (e2add13a8618)',
    ],
    80: [
      '                Bingo do Rossio',
      '------------------------------------------------',
      '                  RELATÓRIO X',
      '               Não fecha a gaveta',
      'Terminal                                 CAIXA-1',
      'Gaveta n.º                                    31',
      'Turno                                      Noite',
      'Operador                              Maria João',
      'Aberta em                       05/07/2025 19:00',
      'Data                            05/07/2025 22:30',
      '------------------------------------------------',
      'Fundo de caixa                          200,00 €',
      'Entradas',
      '  Vendas                              1 500,00 €',
      '  Entradas de numerário                 100,00 €',
      'Saídas',
      '  Prémios                               600,00 €',
      '  Devoluções                             12,50 €',
      '  Guias                                 500,00 €',
      '  Saídas de numerário                    50,00 €',
      '------------------------------------------------',
      'Esperado na gaveta                      637,50 €',
      '',
      'Programa: bingo-caixa-kiosk 0.1.0 (e2add13a8618)',
    ],
  },
  zReport: {
    58: [
      '        Bingo do Rossio',
      '--------------------------------',
      '       RELATÓRIO Z N.º 19',
      '        Fecho da gaveta',
      'Terminal                 CAIXA-1',
      'Gaveta n.º                    31',
      'Turno                      Noite',
      'Operador              Maria João',
      'Aberta em       05/07/2025 19:00',
      'Data            06/07/2025 01:30',
      '--------------------------------',
      'Fundo de caixa          200,00 €',
      'Entradas',
      '  Vendas              1 500,00 €',
      '  Entradas de numerário 100,00 €',
      'Saídas',
      '  Prémios               600,00 €',
      '  Devoluções             12,50 €',
      '  Guias                 500,00 €',
      '  Saídas de numerário    50,00 €',
      '--------------------------------',
      'Esperado na gaveta      637,50 €',
      '--------------------------------',
      'Contagem',
      '  5 x 100,00 €          500,00 €',
      '  1 x 50,00 €            50,00 €',
      '  2 x 20,00 €            40,00 €',
      '  3 x 1,00 €              3,00 €',
      'Contado                 593,00 €',
      'Diferença               -44,50 €',
      'Aceite por         Carlos Mendes',
      'Motivo: Troco mal dado',
      '',
      '',
      '________________________',
      'Assinatura do operador',
      '',
      '',
      '________________________',
      'Assinatura do gerente',
      '',
      '  Programa: bingo-caixa-kiosk',
      '      0.1.0 (e2add13a8618)',
    ],
    80: [
      '                Bingo do Rossio',
      '------------------------------------------------',
      '               RELATÓRIO Z N.º 19',
      '                Fecho da gaveta',
      'Terminal                                 CAIXA-1',
      'Gaveta n.º                                    31',
      'Turno                                      Noite',
      'Operador                              Maria João',
      'Aberta em                       05/07/2025 19:00',
      'Data                            06/07/2025 01:30',
      '------------------------------------------------',
      'Fundo de caixa                          200,00 €',
      'Entradas',
      '  Vendas                              1 500,00 €',
      '  Entradas de numerário                 100,00 €',
      'Saídas',
      '  Prémios                               600,00 €',
      '  Devoluções                             12,50 €',
      '  Guias                                 500,00 €',
      '  Saídas de numerário                    50,00 €',
      '------------------------------------------------',
      'Esperado na gaveta                      637,50 €',
      '------------------------------------------------',
      'Contagem',
      '  5 x 100,00 €                          500,00 €',
      '  1 x 50,00 €                            50,00 €',
      '  2 x 20,00 €                            40,00 €',
      '  3 x 1,00 €                              3,00 €',
      'Contado                                 593,00 €',
      'Diferença                               -44,50 €',
      'Aceite por                         Carlos Mendes',
      'Motivo: Troco mal dado',
      '',
      '',
      '________________________',
      'Assinatura do operador',
      '',
      '',
      '________________________',
      'Assinatura do gerente',
      '',
      'Programa: bingo-caixa-kiosk 0.1.0 (e2add13a8618)',
    ],
  },
  announcement: {
    58: [
      '        Bingo do Rossio',
      '--------------------------------',
      '      ANÚNCIO (art. 13.º)',
      'Sessão n.º                    12',
      'Jogada n.º                     7',
      'Data            05/07/2025 21:30',
      '   ÚLTIMA JOGADA',
      '--------------------------------',
      'Venderam-se 8 cartões da série',
      'A, do n.º 271 ao n.º 275, e da',
      'série B, do n.º 1 ao n.º 3.',
      'Prémio de linha: 1,00 €. Prémio',
      'de bingo: 10,00 €.',
      'Vai iniciar-se a extração.',
      '',
      '  Programa: bingo-caixa-kiosk',
      '      0.1.0 (e2add13a8618)',
    ],
    80: [
      '                Bingo do Rossio',
      '------------------------------------------------',
      '              ANÚNCIO (art. 13.º)',
      'Sessão n.º                                    12',
      'Jogada n.º                                     7',
      'Data                            05/07/2025 21:30',
      '           ÚLTIMA JOGADA',
      '------------------------------------------------',
      'Venderam-se 8 cartões da série A, do n.º 271 ao',
      'n.º 275, e da série B, do n.º 1 ao n.º 3.',
      'Prémio de linha: 1,00 €. Prémio de bingo:',
      '10,00 €.',
      'Vai iniciar-se a extração.',
      '',
      'Programa: bingo-caixa-kiosk 0.1.0 (e2add13a8618)',
    ],
  },

  sellerSettlement: {
    58: [
      '        Bingo do Rossio',
      '      Licença: n.º 7/2019',
      '--------------------------------',
      '       ACERTO DO VENDEDOR',
      'Bloco n.º                      9',
      'Data            01/12/2025 21:40',
      'Sessão n.º                    12',
      'Jogada n.º                     7',
      'Terminal                BALCAO-1',
      'Vendedor               Ana Lopes',
      '--------------------------------',
      'Cartões entregues',
      'Série A: n.º 301 a 340',
      'Entregues em    01/12/2025 21:00',
      'Quantidade            40 cartões',
      'Primeiro por vender',
      '                 Série A n.º 334',
      'Devolvidos                     7',
      'Vendidos             33 x 2,50 €',
      'DEVIDO                   82,50 €',
      '--------------------------------',
      'Contagem',
      '  1 x 50,00 €            50,00 €',
      '  1 x 20,00 €            20,00 €',
      '  1 x 10,00 €            10,00 €',
      '  1 x 2,00 €              2,00 €',
      'Contado                  82,00 €',
      'Diferença                -0,50 €',
      'Recebido por       Rui Gonçalves',
      'Terminada a venda, o caixa',
      'recolhe os cartões excedentes',
      '(DN 80/85, art. 13.º).',
      '',
      '',
      '________________________',
      'Assinatura do vendedor',
      '',
      '',
      '________________________',
      'Assinatura do caixa',
      '',
      '  Programa: bingo-caixa-kiosk',
      '      0.1.0 (e2add13a8618)',
    ],
    80: [
      '                Bingo do Rossio',
      '              Licença: n.º 7/2019',
      '------------------------------------------------',
      '               ACERTO DO VENDEDOR',
      'Bloco n.º                                      9',
      'Data                            01/12/2025 21:40',
      'Sessão n.º                                    12',
      'Jogada n.º                                     7',
      'Terminal                                BALCAO-1',
      'Vendedor                               Ana Lopes',
      '------------------------------------------------',
      'Cartões entregues',
      'Série A: n.º 301 a 340',
      'Entregues em                    01/12/2025 21:00',
      'Quantidade                            40 cartões',
      'Primeiro por vender              Série A n.º 334',
      'Devolvidos                                     7',
      'Vendidos                             33 x 2,50 €',
      'DEVIDO                                   82,50 €',
      '------------------------------------------------',
      'Contagem',
      '  1 x 50,00 €                            50,00 €',
      '  1 x 20,00 €                            20,00 €',
      '  1 x 10,00 €                            10,00 €',
      '  1 x 2,00 €                              2,00 €',
      'Contado                                  82,00 €',
      'Diferença                                -0,50 €',
      'Recebido por                       Rui Gonçalves',
      'Terminada a venda, o caixa recolhe os cartões',
      'excedentes (DN 80/85, art. 13.º).',
      '',
      '',
      '________________________',
      'Assinatura do vendedor',
      '',
      '',
      '________________________',
      'Assinatura do caixa',
      '',
      'Programa: bingo-caixa-kiosk 0.1.0 (e2add13a8618)',
    ],
  },
  cardRefund: {
    58: [
      '        Bingo do Rossio',
      '      Licença: n.º 7/2019',
      '--------------------------------',
      '      DEVOLUÇÃO DE CARTÃO',
      'Devolução n.º                  3',
      'Data            01/12/2025 23:06',
      'Sessão n.º                    12',
      'Jogada n.º                     7',
      '--------------------------------',
      'Jogada n.º 7 anulada (art. 16.º)',
      'Avaria antes da extração',
      '(art. 16.º n.º 1)',
      'Cartão           Série A n.º 273',
      'Vendido na venda n.º        1234',
      '--------------------------------',
      'VALOR     2,50 €',
      'Devolução integral do preço do',
      'cartão, uma só vez (art. 16.º',
      'n.º 3).',
      'Pago por           Rui Gonçalves',
      '',
      '',
      '________________________',
      'Assinatura do jogador',
      '',
      '  Programa: bingo-caixa-kiosk',
      '      0.1.0 (e2add13a8618)',
    ],
    80: [
      '                Bingo do Rossio',
      '              Licença: n.º 7/2019',
      '------------------------------------------------',
      '              DEVOLUÇÃO DE CARTÃO',
      'Devolução n.º                                  3',
      'Data                            01/12/2025 23:06',
      'Sessão n.º                                    12',
      'Jogada n.º                                     7',
      '------------------------------------------------',
      'Jogada n.º 7 anulada (art. 16.º)',
      'Avaria antes da extração (art. 16.º n.º 1)',
      'Cartão                           Série A n.º 273',
      'Vendido na venda n.º                        1234',
      '------------------------------------------------',
      'VALOR             2,50 €',
      'Devolução integral do preço do cartão, uma só',
      'vez (art. 16.º n.º 3).',
      'Pago por                           Rui Gonçalves',
      '',
      '',
      '________________________',
      'Assinatura do jogador',
      '',
      'Programa: bingo-caixa-kiosk 0.1.0 (e2add13a8618)',
    ],
  },
};

const DOCS: Record<string, () => PrintDocument> = {
  sale: () => saleReceipt(SALE),
  payout: () => prizePayout(PAYOUT),
  refund: () => refundReceipt(REFUND),
  guiaCaixa: () => guiaCopies(GUIA)[0] as PrintDocument,
  guiaJogador: () => guiaCopies(GUIA)[1] as PrintDocument,
  xReport: () => xReport(X_REPORT),
  zReport: () => zReport(Z_REPORT),
  announcement: () => announcementSlip(ANNOUNCEMENT),
  sellerSettlement: () => sellerSettlementSlip(SELLER_SETTLEMENT),
  cardRefund: () => cardRefundReceipt(CARD_REFUND),
};

/** Which documents open the drawer (cash paid in or out). */
const OPENS_DRAWER: Record<string, boolean> = {
  sale: true,
  payout: true,
  refund: true,
  guiaCaixa: true,
  guiaJogador: false,
  xReport: false,
  zReport: false,
  announcement: false,
  // The seller's cash goes into the drawer; the card's price comes out of it.
  sellerSettlement: true,
  cardRefund: true,
};

const SALE_QR = 'BINGO|n.o 7/2019|V1234|1F3FDC9B';

describe('every document, decoded from its ESC/POS bytes', () => {
  for (const [name, build] of Object.entries(DOCS)) {
    for (const widthMm of WIDTHS) {
      for (const codepage of CODEPAGES) {
        it(`${name}, ${widthMm} mm, ${codepage}: exact lines, cut, drawer`, () => {
          const doc = build();
          const bytes = renderEscPos(doc, profile(codepage, widthMm));
          const decoded = decodeEscPos(bytes);
          expect(decoded.lines).toEqual(EXPECTED[name]?.[widthMm]);
          expect(decoded.codepage).toBe(codepage);
          expect(decoded.unknown).toEqual([]);
          expect(decoded.cuts).toBe(1);
          expect(decoded.drawerPulses).toEqual(OPENS_DRAWER[name] ? [{ pin: 2, onMs: 100, offMs: 500 }] : []);
          // The screen preview shows the very same lines.
          expect(previewText(doc, widthMm)).toEqual(decoded.lines);
          // The cut comes after the last line; the pulse (if any) after the cut.
          const kinds = decoded.events.map((e) => e.type).filter((t) => t === 'cut' || t === 'pulse' || t === 'line');
          const cutAt = kinds.indexOf('cut');
          expect(kinds.slice(cutAt + 1).every((k) => k === 'pulse' || k === 'line')).toBe(true);
          expect(decoded.events.slice(cutAt + 1).every((e) => e.type !== 'line' || e.text === '')).toBe(true);
          if (OPENS_DRAWER[name]) expect(decoded.events.at(-1)?.type).toBe('pulse');
        });
      }
    }
  }
});

describe('sale receipt', () => {
  it('carries the receipt id and a check value in its QR code', () => {
    for (const widthMm of WIDTHS) {
      const decoded = decodeEscPos(renderEscPos(saleReceipt(SALE), profile('cp858', widthMm)));
      expect(decoded.qr).toEqual([SALE_QR]);
      expect(parseReceiptQr(SALE_QR)).toEqual({ licence: 'n.o 7/2019', saleId: 1234, check: '1F3FDC9B' });
      expect(verifyReceiptCheck(decoded.qr[0] as string, SALE)).toBe(true);
    }
  });

  it('prints the total large and bold', () => {
    const decoded = decodeEscPos(renderEscPos(saleReceipt(SALE), profile('cp1252', 58)));
    const i = decoded.lines.indexOf('TOTAL    20,00 €');
    expect(decoded.lineStyles[i]).toEqual({ bold: true, large: true });
    expect(decoded.lineStyles[decoded.lines.indexOf('Troco                    30,00 €')]).toEqual({ bold: false, large: false });
  });

  it('one range, one card', () => {
    const doc = saleReceipt({
      ...SALE,
      ranges: [{ seriesCode: 'AB', from: 9, to: 9 }],
      quantity: 1,
      totalCents: 250,
      tenderedCents: 250,
      changeCents: 0,
    });
    const lines = decodeEscPos(renderEscPos(doc, profile('cp1252', 58))).lines;
    expect(lines).toContain('Série AB: n.º 9');
    expect(lines).toContain('1 cartão x 2,50 €         2,50 €');
    expect(lines).toContain('Troco                     0,00 €');
  });

  it('a sale in chips does not open the drawer', () => {
    const doc = saleReceipt({ ...SALE, paymentMethod: 'chips' });
    expect(doc.openDrawer).toBe(false);
    const decoded = decodeEscPos(renderEscPos(doc, profile('cp858', 80)));
    expect(decoded.drawerPulses).toEqual([]);
    expect(decoded.lines).toContain('Pagamento                                 fichas');
  });

  it('without a licence the header has no licence line and the QR an empty licence', () => {
    const doc = saleReceipt({ ...SALE, licence: null });
    const decoded = decodeEscPos(renderEscPos(doc, profile('cp1252', 58)));
    expect(decoded.lines.slice(0, 2)).toEqual(['        Bingo do Rossio', '--------------------------------']);
    expect(decoded.qr[0]).toMatch(/^BINGO\|\|V1234\|[0-9A-F]{8}$/);
    expect(verifyReceiptCheck(decoded.qr[0] as string, { ...SALE, licence: null })).toBe(true);
  });

  it('refuses figures that do not add up', () => {
    expect(() => saleReceipt({ ...SALE, quantity: 7 })).toThrow(RangeError);
    expect(() => saleReceipt({ ...SALE, totalCents: 1999 })).toThrow(/quantity|total/);
    expect(() => saleReceipt({ ...SALE, changeCents: 2999 })).toThrow(/change/);
    expect(() => saleReceipt({ ...SALE, ranges: [], quantity: 0, totalCents: 0, tenderedCents: 0, changeCents: 0 })).toThrow(
      /one or two/,
    );
    const three = [
      { seriesCode: 'A', from: 1, to: 1 },
      { seriesCode: 'B', from: 1, to: 1 },
      { seriesCode: 'C', from: 1, to: 1 },
    ];
    expect(() => saleReceipt({ ...SALE, ranges: three, quantity: 3, totalCents: 750, changeCents: 4250 })).toThrow(/one or two/);
    expect(() => saleReceipt({ ...SALE, unitPriceCents: 2.5 })).toThrow(/integer cents/);
  });

  it('a reprint says 2.ª VIA on top and never opens the drawer', () => {
    for (const widthMm of WIDTHS) {
      for (const codepage of CODEPAGES) {
        const decoded = decodeEscPos(renderEscPos(asReprint(saleReceipt(SALE)), profile(codepage, widthMm)));
        const pad = widthMm === 58 ? 9 : 17;
        expect(decoded.lines).toEqual([' '.repeat(pad) + '2.ª VIA', '', ...(EXPECTED.sale?.[widthMm] ?? [])]);
        expect(decoded.lineStyles[0]).toEqual({ bold: true, large: true });
        expect(decoded.drawerPulses).toEqual([]);
        expect(decoded.qr).toEqual([SALE_QR]);
      }
    }
  });
});

describe('prize payout', () => {
  it('names the kind of prize', () => {
    const lines = (kind: 'line' | 'bingo' | 'special') => previewText(prizePayout({ ...PAYOUT, kind, sharedBy: null }), 80);
    expect(lines('line')).toContain('Prémio                                     Linha');
    expect(lines('special')).toContain('Prémio                 Prémio especial acumulado');
    expect(lines('bingo').some((l) => l.includes('repartido'))).toBe(false);
  });

  it('the retention day can be given as an instant (taken in Lisbon)', () => {
    const lines = previewText(prizePayout({ ...PAYOUT, retainUntil: '2025-07-13T23:30:00Z' }), 80);
    expect(lines).toContain('Cartão premiado guardado até 14/07/2025');
  });
});

describe('refund receipt', () => {
  it('without an annulment reason still cites art. 16.º', () => {
    const lines = previewText(refundReceipt({ ...REFUND, annulReason: null }), 58);
    expect(lines).toContain('Jogada n.º 7 anulada (art. 16.º)');
    expect(lines.some((l) => l.startsWith('Avaria'))).toBe(false);
  });

  it('lists both ranges of a sale that spanned two series', () => {
    const lines = previewText(refundReceipt({ ...REFUND, ranges: SALE.ranges, amountCents: 2000 }), 58);
    expect(lines).toEqual(expect.arrayContaining(['Série A: n.º 271 a 275', 'Série B: n.º 1 a 3', 'Cartões                8 cartões']));
  });
});

describe('guia', () => {
  it('two copies, each cut, only the caixa copy opens the drawer', () => {
    const copies = guiaCopies(GUIA);
    expect(copies.map((d) => d.openDrawer)).toEqual([true, false]);
    expect(copies.map((d) => d.title)).toEqual(['Guia n.º 501 (exemplar da caixa)', 'Guia n.º 501 (exemplar do jogador)']);
    const bytes = copies.map((d) => renderEscPos(d, profile('cp858', 80)));
    const job = new Uint8Array(bytes.reduce((n, b) => n + b.length, 0));
    let at = 0;
    for (const b of bytes) {
      job.set(b, at);
      at += b.length;
    }
    const decoded = decodeEscPos(job);
    expect(decoded.cuts).toBe(2);
    expect(decoded.drawerPulses).toHaveLength(1);
    expect(decoded.pages.slice(0, 2)).toEqual([EXPECTED.guiaCaixa?.[80], EXPECTED.guiaJogador?.[80]]);
  });

  it('unpaid: no payment lines, no drawer', () => {
    const doc = guia({ ...GUIA, payment: null, meters: null }, 'caixa');
    expect(doc.openDrawer).toBe(false);
    const lines = previewText(doc, 58);
    expect(lines).toContain('Por pagar');
    expect(lines.some((l) => l.startsWith('Contador'))).toBe(false);
    expect(lines.some((l) => l.startsWith('Numerário'))).toBe(false);
  });

  it('paid only by cheque: no drawer', () => {
    const doc = guia(
      { ...GUIA, payment: { ...(GUIA.payment as NonNullable<typeof GUIA.payment>), cashCents: 0, cheques: [{ number: '9', bank: 'BCP', amountCents: 250000 }] } },
      'caixa',
    );
    expect(doc.openDrawer).toBe(false);
  });

  it('refuses a payment that does not add up to the amount', () => {
    const payment = { ...(GUIA.payment as NonNullable<typeof GUIA.payment>), cashCents: 50001 };
    expect(() => guiaCopies({ ...GUIA, payment })).toThrow(/must equal the amount/);
  });

  it('names every kind', () => {
    const tipo = (kind: typeof GUIA.kind) => previewText(guia({ ...GUIA, kind }, 'jogador'), 80).find((l) => l.startsWith('Tipo'));
    expect(tipo('superjackpot')).toBe('Tipo                                Superjackpot');
    expect(tipo('hand_pay')).toBe('Tipo                            Pagamento manual');
    expect(tipo('credits_claim')).toBe('Tipo                       Pagamento de créditos');
  });
});

describe('X and Z reports', () => {
  it('prints the cash expected as the ledger gives it, never worked out again from the lines', () => {
    const expected = (data: typeof X_REPORT) => previewText(xReport(data), 58).find((l) => l.startsWith('Esperado na gaveta'))?.replace(/\s+/g, ' ');
    expect(expected(X_REPORT)).toBe('Esperado na gaveta 637,50 €');
    expect(expected({ ...X_REPORT, expectedCents: 12_345 })).toBe('Esperado na gaveta 123,45 €');
  });

  it('a surplus is shown with its sign', () => {
    const counted = [{ denominationCents: 50000, count: 2 }];
    expect(previewText(zReport({ ...Z_REPORT, counted, varianceAcceptedBy: null, varianceReason: null }), 58)).toEqual(
      expect.arrayContaining(['Contado               1 000,00 €', 'Diferença              +362,50 €']),
    );
  });

  it('refuses negative movements', () => {
    expect(() => xReport({ ...X_REPORT, lines: linesOf({ ...X_MOVEMENTS, prizes: -1 }) })).toThrow(/negative/);
  });

  it("a Z prints its signed checkpoint in ASCII, decoded from the bytes on either code page: origin, size, root, what it was for, key and signature", () => {
    const origin = 'bingo-kiosk/0b7a5c1e-1111-4222-8333-444455556666';
    const root = 'oTLD1OX2BxgpOktcbX6PkKGyw9Tl9gcYKTpLXG1+j5A=';
    const signature = 'XA4qcXu3cU1pZ2h0IGJlIGEgc2lnbmF0dXJlIG9mIDY0IGJ5dGVzIGhlcmUgZm9yIHRoZSBmaXh0dXJlIQ==';
    const note = `${origin}\n1843\n${root}\ndrawer:4 2026-12-01T01:00:00.000Z\nZ 12\nsoftware ${SOFTWARE}\n\n\u2014 ${origin} ${signature}\n`;
    const checkpoint = { size: 1843, rootHash: 'a1'.repeat(32), keyId: '5c0e2a71', note };
    for (const codepage of CODEPAGES) {
      const decoded = decodeEscPos(renderEscPos(zReport({ ...Z_REPORT, checkpoint }), profile(codepage, 80, false)));
      expect(decoded.unknown).toEqual([]);
      const text = decoded.lines.map((l) => l.trim()).join('\n');
      expect(text).toContain('Ponto de verificação assinado');
      expect(text).toContain(origin);
      expect(text.replace(/\s+/g, ' ')).toContain('Entradas 1843');
      expect(text.replace(/\s+/g, '')).toContain(`Raiz:${root}`);
      expect(text).toContain('drawer:4 2026-12-01T01:00:00.000Z');
      expect(text).toContain('Z 12');
      // The program that signed it (issue 40), a line of the signed body like the others.
      expect(text).toContain(`software ${SOFTWARE}`);
      expect(text.replace(/\s+/g, ' ')).toContain('Chave da sala 5c0e2a71');
      // The signature wraps on paper: whole once the lines are joined.
      expect(text.replace(/\s+/g, '')).toContain(`Assinatura:${signature}`);
    }
  });
});

describe('announcement slip', () => {
  it('not the last game: no ÚLTIMA JOGADA line', () => {
    expect(previewText(announcementSlip({ ...ANNOUNCEMENT, isLast: false }), 80).some((l) => l.includes('ÚLTIMA'))).toBe(false);
  });

  it('a game become the last at its draw (art. 14.5): its own title, the article, and the notice first, decoded from the bytes', () => {
    const doc = announcementSlip({ ...ANNOUNCEMENT, text: `Última jogada da sessão.\n${ANNOUNCEMENT.text}`, article: 'art. 14.º, n.º 5' });
    expect(doc.title).toBe('Anúncio da última jogada (n.º 7)');
    expect(doc.titleParams).toEqual({ gameNumber: 7, moment: 'last_game' });
    const decoded = decodeEscPos(renderEscPos(doc, profile('cp858', 80, false)));
    expect(decoded.unknown).toEqual([]);
    const lines = decoded.lines.map((l) => l.trim());
    expect(lines).toContain('ANÚNCIO (art. 14.º, n.º 5)');
    expect(lines).toContain('ÚLTIMA JOGADA');
    const text = lines.indexOf('Última jogada da sessão.');
    expect(text).toBeGreaterThan(lines.indexOf('ÚLTIMA JOGADA'));
    expect(lines[text + 1]).toMatch(/^Venderam-se 8 cartões da série A/);
  });
});

describe('test page', () => {
  for (const widthMm of WIDTHS) {
    for (const codepage of CODEPAGES) {
      it(`${widthMm} mm, ${codepage}: special characters, ruler, QR`, () => {
        const p = profile(codepage, widthMm);
        const decoded = decodeEscPos(renderEscPos(testPage({ printerName: 'Balcão 1', profile: p, at: SALE.createdAt, timeZone: 'Europe/Lisbon', software: SOFTWARE }), p));
        const columns = widthMm === 58 ? 32 : 48;
        const escT = codepage === 'cp1252' ? 16 : 19;
        const name = codepage === 'cp1252' ? 'WPC1252' : 'PC858';
        const pair = (l: string, r: string) => l + ' '.repeat(columns - l.length - r.length) + r;
        expect(decoded.lines).toEqual([
          ' '.repeat((columns - 15) >> 1) + 'PÁGINA DE TESTE',
          '='.repeat(columns),
          pair('Impressora', 'Balcão 1'),
          pair('Página de código', name),
          pair('Comando', `ESC t ${escT}`),
          pair('Papel', `${widthMm} mm, ${columns} colunas`),
          pair('Gaveta', 'pino 2, 100/500 ms'),
          pair('Data', '05/07/2025 21:14'),
          '-'.repeat(columns),
          '€ ç Ç ã õ á é í ó ú à º ª',
          widthMm === 58 ? '.........1.........2.........3..' : '.........1.........2.........3.........4........',
          widthMm === 58 ? '12345678901234567890123456789012' : '123456789012345678901234567890123456789012345678',
          '-'.repeat(columns),
          'Esquerda',
          ' '.repeat((columns - 6) >> 1) + 'Centro',
          ' '.repeat(columns - 7) + 'Direita',
          'Negrito',
          'Grande',
          '-'.repeat(columns),
          `[QR: TESTE|Balcao 1|${codepage}]`,
          '',
          // The program and its version, wrapped on 58 mm paper (issue 40).
          ...(widthMm === 58 ? ['  Programa: bingo-caixa-kiosk', '      0.1.0 (e2add13a8618)'] : [`Programa: ${SOFTWARE}`]),
          ' '.repeat((columns - 22) >> 1) + 'Fim da página de teste',
        ]);
        expect(decoded.lineStyles[decoded.lines.indexOf('Negrito')]).toEqual({ bold: true, large: false });
        expect(decoded.lineStyles[decoded.lines.indexOf('Grande')]).toEqual({ bold: false, large: true });
        expect(decoded.qr).toEqual([`TESTE|Balcao 1|${codepage}`]);
        expect(decoded.drawerPulses).toEqual([]);
      });
    }
  }
});

describe('formats', () => {
  it('date and time in Lisbon, summer and winter', () => {
    expect(formatHallDateTime('2025-07-05T20:14:09Z', 'Europe/Lisbon')).toBe('05/07/2025 21:14');
    expect(formatHallDateTime('2025-01-05T20:14:09Z', 'Europe/Lisbon')).toBe('05/01/2025 20:14');
    expect(formatHallDateTime('2025-03-30T00:59:00Z', 'Europe/Lisbon')).toBe('30/03/2025 00:59');
    expect(formatHallDateTime('2025-03-30T01:00:00Z', 'Europe/Lisbon')).toBe('30/03/2025 02:00');
    expect(formatHallDateTime('2025-07-05T23:30:00Z', 'Europe/Lisbon')).toBe('06/07/2025 00:30');
    expect(formatHallDateTime('2025-07-06T00:30:00+01:00', 'Europe/Lisbon')).toBe('06/07/2025 00:30');
    expect(() => formatHallDateTime('ontem', 'Europe/Lisbon')).toThrow(RangeError);
  });

  it('a calendar day, or an instant taken in Lisbon', () => {
    expect(formatHallDate('2025-07-13', 'Europe/Lisbon')).toBe('13/07/2025');
    expect(formatHallDate('2025-07-13T23:30:00Z', 'Europe/Lisbon')).toBe('14/07/2025');
  });

  it('card ranges', () => {
    expect(rangeText({ seriesCode: 'A', from: 271, to: 275 })).toBe('Série A: n.º 271 a 275');
    expect(rangeText({ seriesCode: 'B', from: 4, to: 4 })).toBe('Série B: n.º 4');
  });
});
