"""Exports beyond the print PDFs: Tabletop Simulator deck sheets and print-and-cut files."""
