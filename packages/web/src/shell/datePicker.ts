// The date pickers write a slate's date the way every page writes dates (domain displayDate,
// "Oct 24, 2023"); Ant Design's pickers format with dayjs, so the same pattern in dayjs tokens.
// The ISO form ("2023-10-24") is still read when typed.
export const DATE_PICKER_FORMAT = ['MMM D, YYYY', 'YYYY-MM-DD'];
