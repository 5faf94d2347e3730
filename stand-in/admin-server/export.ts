// ReportServiceImpl.exportBusinessData: the course's template 运营数据报表模板.xlsx (one sheet, Sheet1,
// 37 rows, columns B–G) filled with an overview of the 30 days and one row a day, as the reference
// solution fills it (B2 `时间：<begin>至<end>`). The template itself is not in the repository: its
// layout (docs/admin-stand-in.md, "The Excel export") is built here with exceljs.
import ExcelJS from 'exceljs';
import { businessData, dateList } from './figures.js';
import type { AdminState } from './state.js';

const YUAN = '"¥"#,##0.00';
const PERCENT = '0.00%';
const CENTRE: Partial<ExcelJS.Alignment> = { horizontal: 'center', vertical: 'middle' };
const THIN: Partial<ExcelJS.Border> = { style: 'thin' };
const BOX: Partial<ExcelJS.Borders> = { top: THIN, left: THIN, bottom: THIN, right: THIN };
const COLUMNS = ['B', 'C', 'D', 'E', 'F', 'G'];

export async function operatingWorkbook(state: AdminState, begin: string, end: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.columns = Array.from({ length: 7 }, () => ({ width: 15.63 }));
  const title = (row: number, text: string) => {
    sheet.mergeCells(`B${row}:G${row}`);
    const cell = sheet.getCell(`B${row}`);
    cell.value = text;
    cell.alignment = CENTRE;
  };
  const put = (ref: string, value: string | number, numFmt?: string) => {
    const cell = sheet.getCell(ref);
    cell.value = value;
    if (numFmt) cell.numFmt = numFmt;
  };

  title(1, '运营数据报表');
  sheet.getCell('B1').font = { bold: true, size: 16 };
  title(2, `时间：${begin}至${end}`);
  title(3, '概览数据');
  const overview = businessData(state, begin, end);
  put('B4', '\t营业额');
  put('C4', overview.turnover, YUAN);
  put('D4', '订单完成率');
  put('E4', overview.orderCompletionRate, PERCENT);
  put('F4', '新增用户数');
  put('G4', overview.newUsers);
  put('B5', '\t有效订单');
  put('C5', overview.validOrderCount);
  put('D5', '平均客单价');
  put('E5', overview.unitPrice, YUAN);
  title(6, '明细数据');
  ['日期', '\t营业额', '\t有效订单', '订单完成率', '平均客单价', '新增用户数'].forEach((text, i) => put(`${COLUMNS[i]}7`, text));
  dateList(begin, end).forEach((date, i) => {
    const row = 8 + i;
    const day = businessData(state, date, date);
    put(`B${row}`, date);
    put(`C${row}`, day.turnover, YUAN);
    put(`D${row}`, day.validOrderCount);
    put(`E${row}`, day.orderCompletionRate, PERCENT);
    put(`F${row}`, day.unitPrice, YUAN);
    put(`G${row}`, day.newUsers);
  });
  for (const rows of [[4, 5], [7, 37]]) {
    for (let row = rows[0]; row <= rows[1]; row++) {
      for (const column of COLUMNS) {
        const cell = sheet.getCell(`${column}${row}`);
        cell.border = BOX;
        cell.alignment = CENTRE;
      }
    }
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
