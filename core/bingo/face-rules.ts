/** The rules a card face can break (faces.ts checks them, errors.ts words them): apart, so that neither imports the other for it. */
export type FaceRule =
  | 'format'
  | 'row_count'
  | 'row_size'
  | 'number_range'
  | 'row_order'
  | 'row_column_clash'
  | 'duplicate_number'
  | 'column_full'
  | 'column_empty'
  | 'card_out_of_range'
  | 'card_duplicate'
  | 'card_missing'
  | 'line_repeated'
  | 'card_repeated'
  | 'strip_incomplete';
