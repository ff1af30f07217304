"""The package's own TrueType files as cairo font faces, through FreeType.

cairo embeds a subset of a FreeType face in the PDF, as real text. cairocffi has no call for
opening a font file, so the two C functions are declared here. Where FreeType or cairo's
FreeType support is missing, `font_face` answers None and text is drawn as glyph outlines.
"""

from __future__ import annotations

import ctypes.util

import cairocffi as cairo

_faces: dict[str, cairo.FontFace | None] = {}
_ft_faces: list = []  # the FreeType faces under cairo's, kept alive as long as they are
_lib: list = []  # [ffi, freetype, cairo, FT_Library], opened once; faces live as long as the process


def _open():
    if not _lib:
        from cffi import FFI

        ffi = FFI()
        ffi.cdef(
            """
            typedef struct FT_LibraryRec_ *FT_Library;
            typedef struct FT_FaceRec_ *FT_Face;
            int FT_Init_FreeType(FT_Library *alibrary);
            int FT_New_Face(FT_Library library, const char *path, long face_index, FT_Face *aface);
            typedef struct _cairo_font_face cairo_font_face_t;
            cairo_font_face_t *cairo_ft_font_face_create_for_ft_face(FT_Face face, int load_flags);
            """
        )
        freetype = ffi.dlopen(ctypes.util.find_library("freetype") or "libfreetype.so.6")
        libcairo = ffi.dlopen(ctypes.util.find_library("cairo") or "libcairo.so.2")
        library = ffi.new("FT_Library *")
        if freetype.FT_Init_FreeType(library) != 0:
            raise OSError("FreeType did not start")
        _lib.extend([ffi, freetype, libcairo, library[0]])
    return _lib


def forget_faces() -> None:
    """Let every face go, so the next drawing opens each font file again (a saved font)."""
    _faces.clear()


def font_face(path: str) -> cairo.FontFace | None:
    """A cairo face for the TrueType file at `path`, or None where FreeType cannot be used."""
    if path in _faces:
        return _faces[path]
    try:
        ffi, freetype, libcairo, library = _open()
        face = ffi.new("FT_Face *")
        if freetype.FT_New_Face(library, path.encode(), 0, face) != 0:
            raise OSError(f"FreeType cannot open {path}")
        _ft_faces.append(face)
        made = libcairo.cairo_ft_font_face_create_for_ft_face(face[0], 0)
        pointer = cairo.ffi.cast("cairo_font_face_t *", int(ffi.cast("uintptr_t", made)))
        found = cairo.FontFace._from_pointer(pointer, incref=False)
    except (OSError, AttributeError, cairo.CairoError):
        found = None
    _faces[path] = found
    return found
